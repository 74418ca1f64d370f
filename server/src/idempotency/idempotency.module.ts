import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { IdempotencyInterceptor } from './idempotency.interceptor.js';
import { IdempotencyKeysRepository } from './idempotency-keys.repository.js';
import { IdempotencyKeysSweep } from './idempotency-keys-sweep.js';

/** Idempotent creates: the interceptor acts only on routes marked @Idempotent() (docs/api.md, "Idempotent requests"). */
@Module({
  providers: [IdempotencyKeysRepository, IdempotencyKeysSweep, { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor }],
})
export class IdempotencyModule {}
