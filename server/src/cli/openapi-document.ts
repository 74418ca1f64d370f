import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { OpenAPIObject } from '@nestjs/swagger';
import { AppModule } from '../app.module.js';
import { applyApiPrefix } from '../common/addresses.js';
import { buildOpenApiDocument } from '../common/swagger.js';
import { AppConfig } from '../config/app-config.js';

/**
 * The OpenAPI document from the code alone: Nest's preview mode reads the routes and DTOs
 * without instantiating providers, so no database is needed.
 */
export async function generateOpenApiDocument(): Promise<OpenAPIObject> {
  const config = AppConfig.fromEnv({}, { LOG_LEVEL: 'silent', WEB_DIST: '' });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), new FastifyAdapter(), {
    preview: true,
    logger: false,
  });
  applyApiPrefix(app);
  const document = buildOpenApiDocument(app);
  await app.close();
  return document;
}

export function serialiseOpenApiDocument(document: OpenAPIObject): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
