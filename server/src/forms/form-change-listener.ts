import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DatabaseLocation } from '../database/database.module.js';
import { NotificationListener } from '../database/notification-listener.js';
import { FormsService } from './forms.service.js';

const CHANNEL = 'form_definitions_changed';

/**
 * Keeps compiled forms fresh: listens to PostgreSQL's `form_definitions_changed` notification
 * (sent by a trigger on every change to fields or forms) and drops the compiled forms. Every
 * server instance listens, so N replicas stay consistent with no shared cache. While the
 * connection is down, notifications could be missed, so each (re)connect drops the cache too.
 */
@Injectable()
export class FormChangeListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly listener: NotificationListener;

  constructor(location: DatabaseLocation, forms: FormsService) {
    const invalidate = () => forms.invalidate();
    this.listener = new NotificationListener(location, CHANNEL, new Logger(FormChangeListener.name), {
      onNotification: invalidate,
      onConnected: invalidate,
      onLost: invalidate,
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.listener.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.listener.stop();
  }
}
