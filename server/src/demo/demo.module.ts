import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { DemoAccounts } from './demo-accounts.js';

@Module({ imports: [UsersModule], providers: [DemoAccounts] })
export class DemoModule {}
