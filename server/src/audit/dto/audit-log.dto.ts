import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsDate, IsIn, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { ApiResponseBase } from '../../common/api-response.js';
import { trim } from '../../common/transforms.js';
import { AUDIT_ACTIONS } from '../audit-entry.js';

export class AuditLogQueryDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'Only what this staff member did (their user id)' })
  @IsOptional() @IsUUID('all', { message: 'actor must be a user id (a UUID)' })
  actor?: string;

  @ApiPropertyOptional({ description: "Only actions on this kind of thing: 'form_field', 'plan', 'applicant', 'support_request'", example: 'form_field', maxLength: 100 })
  @IsOptional() @Transform(trim) @IsString() @MaxLength(100)
  targetType?: string;

  @ApiPropertyOptional({ description: 'Only actions on this one (with targetType: its id, as text)', example: '42', maxLength: 200 })
  @IsOptional() @Transform(trim) @IsString() @MaxLength(200)
  targetId?: string;

  @ApiPropertyOptional({ enum: AUDIT_ACTIONS, description: 'Only this action' })
  @IsOptional() @IsIn(AUDIT_ACTIONS, { message: `action must be one of: ${AUDIT_ACTIONS.join(', ')}` })
  action?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Only actions at or after this time', example: '2026-11-01T00:00:00Z' })
  @IsOptional() @Type(() => Date) @IsDate({ message: 'from must be a date-time (ISO 8601)' })
  from?: Date;

  @ApiPropertyOptional({ format: 'date-time', description: 'Only actions before this time', example: '2026-12-01T00:00:00Z' })
  @IsOptional() @Type(() => Date) @IsDate({ message: 'to must be a date-time (ISO 8601)' })
  to?: Date;

  @ApiPropertyOptional({ minimum: 0, default: 0 })
  @IsOptional() @Type(() => Number) @IsInt() @Min(0)
  offset?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 50 })
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100)
  limit?: number;
}

export class AuditRecordDto {
  @ApiProperty({ description: 'Increasing with each row written', example: '17' }) id: string;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', description: 'When the change committed (its transaction)' }) at: Date;
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', type: String, nullable: true, format: 'uuid', description: 'The staff member who acted' }) actorId: string | null;
  @ApiProperty({ description: 'Their role when they acted', example: 'admin' }) actorRole: string;
  @ApiProperty({ enum: AUDIT_ACTIONS, example: 'plan.updated' }) action: string;
  @ApiProperty({ example: 'plan' }) targetType: string;
  @ApiProperty({ description: 'The id of what was changed, as text', example: '6f1c2d3e-0000-4000-8000-000000000001' }) targetId: string;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true, description: 'Its state before (null: it did not exist, or no state applies)', example: { monthlyAmountCents: 999 } })
  before: unknown;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true, description: 'Its state after', example: { monthlyAmountCents: 1299 } })
  after: unknown;
  @ApiProperty({ type: String, nullable: true, description: "The client's address, when known", example: '203.0.113.7' }) ip: string | null;
}

export class AuditLogMetaDto {
  @ApiProperty({ description: 'How many rows the filters keep in all', example: 1 }) total: number;
}

export class AuditLogResponseDto extends ApiResponseBase {
  @ApiProperty({ type: [AuditRecordDto] }) data: AuditRecordDto[];
  @ApiProperty({ type: AuditLogMetaDto }) meta: AuditLogMetaDto;
}
