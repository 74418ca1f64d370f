import { Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { loadServerSecrets, ServerSecrets } from './server-secrets.js';

/** The server's keys, read (or generated) once and shared by the JWT module and the auth services. */
@Module({
  providers: [{ provide: ServerSecrets, inject: [AppConfig], useFactory: loadServerSecrets }],
  exports: [ServerSecrets],
})
export class SecretsModule {}
