/**
 * @scholarmatch/sdk: a typed client for the ScholarMatch API (sdk/README.md). Types and the
 * operation map are generated from docs/openapi.json (scripts/generate.ts).
 */
export { createClient, type CallArguments, type CallOptions, type CallResult, type ClientOptions, type OperationName, type ScholarMatchClient } from './client.js';
export { ScholarMatchError, type ErrorBody } from './errors.js';
export { OPERATIONS } from './generated/operations.js';
export type { components, operations, paths } from './generated/schema.js';
export { IDEMPOTENCY_HEADER, type RetryOptions } from './retry.js';
export { signWebhook, SIGNATURE_HEADER, verifyWebhook, WebhookSignatureError, type VerifyWebhookOptions } from './webhooks.js';
