import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsDate, IsEmail, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { ApiResponseBase } from '../../common/api-response.js';
import { trim } from '../../common/transforms.js';

/** The payment events' filters (docs/console.md, "Payment events page"): they combine. */
export class PaymentEventsQueryDto {
  @ApiPropertyOptional({ description: "'true': only those still waiting for a retry" })
  @IsOptional() @IsString()
  failed?: string;

  @ApiPropertyOptional({ description: 'Only events of this type, as the provider names it', example: 'customer.subscription.updated', maxLength: 100 })
  @IsOptional() @Transform(trim) @IsString() @MaxLength(100)
  type?: string;

  @ApiPropertyOptional({ format: 'email', description: "Only events about this member's subscriptions (their account's e-mail, any letter case)", maxLength: 320 })
  @IsOptional() @Transform(trim) @IsEmail({}, { message: 'email must be an e-mail address' }) @MaxLength(320)
  email?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Only events received at or after this time', example: '2026-11-01T00:00:00Z' })
  @IsOptional() @Type(() => Date) @IsDate({ message: 'from must be a date-time (ISO 8601)' })
  from?: Date;

  @ApiPropertyOptional({ format: 'date-time', description: 'Only events received before this time', example: '2026-12-01T00:00:00Z' })
  @IsOptional() @Type(() => Date) @IsDate({ message: 'to must be a date-time (ISO 8601)' })
  to?: Date;

  @ApiPropertyOptional({ minimum: 1, maximum: 200, default: 200 })
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(200)
  limit?: number;
}

export class PaymentEventDto {
  @ApiProperty({ example: 'sandbox' }) gateway: string;
  @ApiProperty({ example: 'evt_3Nq7YzL2eZvKYlo2' }) eventId: string;
  @ApiProperty({ example: 'invoice.paid' }) type: string;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', format: 'date-time' }) occurredAt: string;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', format: 'date-time' }) receivedAt: string;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', type: 'string', format: 'date-time', nullable: true, description: 'Null while it waits for a retry' }) processedAt: string | null;
  @ApiProperty({ example: 1 }) attempts: number;
  @ApiProperty({ example: null, type: 'string', nullable: true }) lastError: string | null;
  @ApiProperty({ example: 'maya.lopez@example.com', type: 'string', nullable: true, description: "The e-mail of the member whose subscription it is about; null when it names no subscription of a member here" }) memberEmail: string | null;
}

export class PaymentEventsResponseDto extends ApiResponseBase {
  @ApiProperty({ type: [PaymentEventDto] }) data: PaymentEventDto[];
}
