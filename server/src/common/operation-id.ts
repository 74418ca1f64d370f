import { SetMetadata } from '@nestjs/common';

export const OPERATION_ID = 'openapi:operation-id';

/**
 * The operation's name in the OpenAPI document (docs/api.md, "Operation names"): what it does, in
 * camelCase (`listApplicants`), the name generated clients give its function. Every route has one,
 * and it does not change once published: clients are written against it.
 */
export const OperationId = (name: string) => SetMetadata(OPERATION_ID, name);
