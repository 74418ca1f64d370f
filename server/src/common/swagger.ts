import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { ErrorBodyDto } from './error-body.js';

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('ScholarMatch API')
    .setDescription(
      'Scholarship matching and applications. Every form is served as JSON Schema + UI schema compiled from field ' +
        'definitions in PostgreSQL. Success bodies are `{ statusCode, message?, data }`; every error is ' +
        '`{ statusCode, error, message, description, errors? }` where `description` is the sentence to show.',
    )
    .setVersion('1')
    .addBearerAuth()
    .build();
  return SwaggerModule.createDocument(app, config, { extraModels: [ErrorBodyDto] });
}

/** Swagger UI at /api/docs, the OpenAPI JSON at /api/docs-json. */
export function setupSwagger(app: INestApplication): void {
  SwaggerModule.setup('api/docs', app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: 'api/docs-json',
    customSiteTitle: 'ScholarMatch API',
  });
}
