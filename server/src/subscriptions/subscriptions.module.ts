import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { AdminSubscriptionsController } from './admin-subscriptions.controller.js';

/** Memberships. Payments (checkout, webhooks, the 7-day trial) come with the plans work. */
@Module({ imports: [UsersModule], controllers: [AdminSubscriptionsController] })
export class SubscriptionsModule {}
