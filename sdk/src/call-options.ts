/**
 * The names a named call's one argument holds beside the operation's path and query parameters
 * (src/client.ts). scripts/generate.ts refuses an operation with a parameter of one of these names.
 */
export const CALL_OPTION_NAMES: ReadonlySet<string> = new Set(['body', 'idempotencyKey', 'headers', 'signal']);
