import { Module } from '@nestjs/common';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module.js';
import { UsersModule } from '../users/users.module.js';
import { DemoAccounts } from './demo-accounts.js';
import { DemoDataRepository } from './demo-data.repository.js';

@Module({ imports: [UsersModule, SubscriptionsModule], providers: [DemoDataRepository, DemoAccounts] })
export class DemoModule {}
