import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';

/** Left out: unchanged. null is not a value of these fields: it is refused, not taken for "left out". */
const Given = () => ValidateIf((_object: object, value: unknown) => value !== undefined);
import { ApiResponseBase } from '../../../common/api-response.js';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../webhook-events.js';

const EVENTS_DESCRIPTION = 'The events sent to this endpoint (docs/webhooks.md, "Events")';
const URL_DESCRIPTION = 'Where events are POSTed: https, to a public address (docs/webhooks.md, "Where endpoints may point")';

export class CreateWebhookEndpointDto {
  @ApiProperty({ description: URL_DESCRIPTION, maxLength: 2048, example: 'https://grants.example.org/scholarmatch/events' })
  @IsString() @MaxLength(2048)
  url: string;

  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, isArray: true, description: EVENTS_DESCRIPTION, example: ['application.submitted', 'winner.selected'] })
  @IsArray() @ArrayMinSize(1, { message: 'Choose at least one event.' }) @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length) @ArrayUnique()
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true, message: `Each event must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}.` })
  events: WebhookEventType[];
}

export class UpdateWebhookEndpointDto {
  @ApiPropertyOptional({ description: URL_DESCRIPTION, maxLength: 2048, example: 'https://grants.example.org/scholarmatch/v2/events' })
  @Given() @IsString() @MaxLength(2048)
  url?: string;

  @ApiPropertyOptional({ enum: WEBHOOK_EVENT_TYPES, isArray: true, description: EVENTS_DESCRIPTION, example: ['application.submitted'] })
  @Given() @IsArray() @ArrayMinSize(1, { message: 'Choose at least one event.' }) @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length) @ArrayUnique()
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true, message: `Each event must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}.` })
  events?: WebhookEventType[];

  @ApiPropertyOptional({ description: 'false: nothing is sent to it (new events are not queued for it); true: sent again, its failure count cleared', example: false })
  @Given() @IsBoolean()
  enabled?: boolean;
}

export class WebhookDeliveriesQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 25, description: 'How many deliveries, newest first', example: 25 })
  @IsOptional() @Transform(({ value }) => (value === undefined ? undefined : Number(value))) @IsInt() @Min(1) @Max(100)
  limit?: number;
}

export class WebhookEndpointDto {
  @ApiProperty({ format: 'uuid', example: '5d0c8f0e-8a43-4c57-9a53-3f8f2f1f9b10' }) id: string;
  @ApiProperty({ example: 'https://grants.example.org/scholarmatch/events' }) url: string;
  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, isArray: true, example: ['application.submitted', 'winner.selected'] }) events: WebhookEventType[];
  @ApiProperty({ description: 'The last four characters of the signing secret', example: 'Xk2d' }) secretLast4: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'During a roll: until when deliveries are also signed with the previous secret', example: '2026-11-29T10:00:00Z' })
  previousSecretExpiresAt: Date | null;
  @ApiProperty({ example: true }) enabled: boolean;
  @ApiProperty({ nullable: true, type: String, description: 'Why it is disabled (by its owner, or after 3 days of failed deliveries)', example: null }) disabledReason: string | null;
  @ApiProperty({ description: 'Failed attempts since the last delivery that succeeded', example: 0 }) consecutiveFailures: number;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, example: '2026-11-28T10:02:00Z' }) lastSuccessAt: Date | null;
  @ApiProperty({ format: 'date-time', example: '2026-11-28T09:30:00Z' }) createdAt: Date;
}

export class WebhookEndpointWithSecretDto extends WebhookEndpointDto {
  @ApiPropertyOptional({
    description: 'The signing secret, `whsec_` and 43 characters: in this answer only (a replay with the same Idempotency-Key omits it)',
    example: 'whsec_3q2vYb7dQk9WmN1pL5xR8tZc0aF4hJ6sE2uG7iK9oMw',
  })
  secret?: string;
}

export class WebhookAttemptDto {
  @ApiProperty({ example: 1 }) attempt: number;
  @ApiProperty({ description: 'Asked for by the owner (a redelivery or a test event), not a scheduled try', example: false }) manual: boolean;
  @ApiProperty({ format: 'date-time', example: '2026-11-28T10:02:00Z' }) at: string;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' }, example: { 'content-type': 'application/json', 'scholarmatch-event-id': '8c1f0c0e-6d1b-4a8e-9a53-3f8f2f1f9b10' } })
  requestHeaders: Record<string, string>;
  @ApiProperty({ example: '{"id":"8c1f0c0e-6d1b-4a8e-9a53-3f8f2f1f9b10","type":"ping","createdAt":"2026-11-28T10:02:00.000Z","data":{}}' }) requestBody: string;
  @ApiProperty({ nullable: true, type: Number, description: 'None when no answer came', example: 200 }) responseStatus: number | null;
  @ApiProperty({ nullable: true, type: String, description: 'The first 1,024 characters of the answer', example: 'ok' }) responseBody: string | null;
  @ApiProperty({ example: 42 }) durationMs: number;
  @ApiProperty({ nullable: true, type: String, example: null }) error: string | null;
}

export class WebhookDeliveryDto {
  @ApiProperty({ format: 'uuid', example: '1a6e7c2d-0b4f-4f1e-8c3a-6d2b9e5f7a10' }) id: string;
  @ApiProperty({ format: 'uuid', description: "The event's id (the receiver's deduplication key)", example: '8c1f0c0e-6d1b-4a8e-9a53-3f8f2f1f9b10' }) eventId: string;
  @ApiProperty({ example: 'application.submitted' }) type: string;
  @ApiProperty({ enum: ['pending', 'delivered', 'failed'], example: 'delivered' }) state: string;
  @ApiProperty({ example: 1 }) attempts: number;
  @ApiProperty({ nullable: true, type: Number, example: 200 }) lastStatus: number | null;
  @ApiProperty({ format: 'date-time', example: '2026-11-28T10:02:00Z' }) createdAt: Date;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'When it is tried again (pending only)', example: null }) nextAttemptAt: Date | null;
  @ApiProperty({ type: WebhookAttemptDto, isArray: true, description: 'Newest first' }) attemptLog: WebhookAttemptDto[];
}

export class WebhookEndpointsResponseDto extends ApiResponseBase {
  @ApiProperty({ type: WebhookEndpointDto, isArray: true }) data: WebhookEndpointDto[];
}
export class WebhookEndpointResponseDto extends ApiResponseBase {
  @ApiProperty({ type: WebhookEndpointDto }) data: WebhookEndpointDto;
}
export class WebhookEndpointWithSecretResponseDto extends ApiResponseBase {
  @ApiProperty({ type: WebhookEndpointWithSecretDto }) data: WebhookEndpointWithSecretDto;
}
export class WebhookDeliveriesResponseDto extends ApiResponseBase {
  @ApiProperty({ type: WebhookDeliveryDto, isArray: true }) data: WebhookDeliveryDto[];
}
export class WebhookDeliveryResponseDto extends ApiResponseBase {
  @ApiProperty({ type: WebhookDeliveryDto }) data: WebhookDeliveryDto;
}
class DeletedDto {
  @ApiProperty({ example: true }) deleted: boolean;
}
export class DeletedWebhookEndpointResponseDto extends ApiResponseBase {
  @ApiProperty({ type: DeletedDto }) data: DeletedDto;
}
