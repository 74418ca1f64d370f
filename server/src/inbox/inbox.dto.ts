import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { INBOX_SEARCH_MAX_LENGTH } from '@scholarmatch/schemas';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { ApiResponseBase } from '../common/api-response.js';
import { INBOX_MESSAGE_KINDS } from './inbox-message.js';

export class InboxQueryDto {
  @ApiPropertyOptional({ description: 'Words or parts of words of the sender name or e-mail, the subject or the body', maxLength: INBOX_SEARCH_MAX_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(INBOX_SEARCH_MAX_LENGTH, { message: `A search can be at most ${INBOX_SEARCH_MAX_LENGTH} characters long.` })
  search?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'Only the messages about this scholarship (the application tracker\'s link)' })
  @IsOptional()
  @IsUUID('all', { message: 'scholarshipId must be a scholarship id.' })
  scholarshipId?: string;

  @ApiPropertyOptional({ minimum: 0, default: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'offset must be a whole number.' })
  @Min(0, { message: 'offset cannot be negative.' })
  @Max(100_000, { message: 'offset can be at most 100000.' })
  offset?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 50 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number.' })
  @Min(1, { message: 'limit must be at least 1.' })
  @Max(100, { message: 'limit can be at most 100.' })
  limit?: number;
}

class WrappedStringDto {
  @ApiProperty({ example: 'Your application was received' }) value: string;
}

export class InboxMessageDto {
  @ApiProperty({ type: WrappedStringDto, example: { value: '5e1a7c3d-2b9f-4d64-8a0e-6c3f1b7d9e24' } }) _id: WrappedStringDto;
  @ApiProperty({ type: WrappedStringDto, example: { value: 'Grace Hopper Foundation' } }) fromName: WrappedStringDto;
  @ApiProperty({ type: WrappedStringDto, example: { value: 'no-reply@scholarmatch.example' } }) fromEmail: WrappedStringDto;
  @ApiProperty({ type: WrappedStringDto, example: { value: 'Your application was received' } }) subject: WrappedStringDto;
  @ApiProperty({ type: WrappedStringDto, example: { value: '2026-11-02T14:30:00.000Z' }, description: 'ISO 8601' }) sentDate: WrappedStringDto;
  @ApiProperty({ type: WrappedStringDto, example: { value: '2026-11-02T14:30:00.000Z' }, description: 'ISO 8601' }) createdAt: WrappedStringDto;
  @ApiProperty({ type: WrappedStringDto, example: { value: 'Thank you for applying to the First-Generation Scholars Award.' } }) bodyAsText: WrappedStringDto;
  @ApiProperty({ type: WrappedStringDto, example: { value: '<p>Thank you for applying to the First-Generation Scholars Award.</p>' }, description: 'Sanitised HTML' }) bodyAsHtml: WrappedStringDto;
  @ApiProperty({ example: true }) read: boolean;
  @ApiProperty({ example: 'provider', enum: INBOX_MESSAGE_KINDS }) kind: string;
  @ApiProperty({ example: '3f6c2a8e-5b1d-4c7e-9a2f-8d4b6e1c0a57', type: String, nullable: true, format: 'uuid' }) scholarshipId: string | null;
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', type: String, nullable: true, format: 'uuid', description: "A provider's message: the application whose conversation it belongs to; the recipient may reply (`POST /inbox/{id}/replies`)" })
  applicationId: string | null;
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', type: String, nullable: true, format: 'uuid', description: 'A support answer: the request whose thread it belongs to; the recipient may reply (`POST /support-requests/{id}/replies`)' })
  supportRequestId: string | null;
}

class InboxMetaDto {
  @ApiProperty({ example: 3, description: 'Messages matching the search' }) total: number;
  @ApiProperty({ example: 3, description: 'Unread messages in the whole inbox' }) unread: number;
}

export class InboxListResponseDto extends ApiResponseBase {
  @ApiProperty({ type: [InboxMessageDto] }) data: InboxMessageDto[];
  @ApiProperty({ type: InboxMetaDto }) meta: InboxMetaDto;
}

export class InboxMessageResponseDto extends ApiResponseBase {
  @ApiProperty({ type: InboxMessageDto }) data: InboxMessageDto;
}

class UnreadCountDto {
  @ApiProperty({ example: 3 }) unread: number;
}

export class UnreadCountResponseDto extends ApiResponseBase {
  @ApiProperty({ type: UnreadCountDto }) data: UnreadCountDto;
}
