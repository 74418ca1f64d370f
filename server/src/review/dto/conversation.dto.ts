import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, IsObject, IsOptional, Max, Min } from 'class-validator';
import { ApiResponseBase } from '../../common/api-response.js';

// Requests (docs/inbox.md, "Conversations")

export class ReplyDto {
  @ApiProperty({ type: 'object', additionalProperties: true, description: "The served message-reply form's answers", example: { replyBody: 'Thank you! I can come on Tuesday.' } })
  @IsObject({ message: 'answers must be an object of the message-reply form’s answers.' })
  answers: Record<string, unknown>;
}

export class ThreadsQueryDto {
  @ApiPropertyOptional({ description: 'Only conversations with unread replies', default: false })
  @IsOptional()
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'unread must be true or false.' })
  unread?: boolean;

  @ApiPropertyOptional({ minimum: 0, default: 0 })
  @IsOptional() @Type(() => Number)
  @IsInt({ message: 'offset must be a whole number.' }) @Min(0, { message: 'offset cannot be negative.' }) @Max(100_000, { message: 'offset can be at most 100000.' })
  offset?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 20 })
  @IsOptional() @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number.' }) @Min(1, { message: 'limit must be at least 1.' }) @Max(100, { message: 'limit can be at most 100.' })
  limit?: number;
}

// Responses

class ConversationMessageDto {
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', format: 'uuid' }) id: string;
  @ApiProperty({ example: 'provider', enum: ['provider', 'applicant'] }) author: 'provider' | 'applicant';
  @ApiProperty({ example: 'Grace Hopper Foundation', description: "The organisation's name, the applicant's name ('You' to the applicant; under blind review 'Applicant {reference}')" }) fromName: string;
  @ApiProperty({ example: 'About your application' }) subject: string;
  @ApiProperty({ example: '<p>Thank you for applying. Could you send your latest transcript?</p>', description: 'Sanitised HTML' }) bodyHtml: string;
  @ApiProperty({ example: 'Thank you for applying. Could you send your latest transcript?' }) bodyText: string;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', type: String, format: 'date-time' }) sentAt: Date;
  @ApiProperty({ example: true, description: "A provider's message: read by the applicant; a reply: read by the provider" }) read: boolean;
}

export class ConversationDto {
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', format: 'uuid' }) applicationId: string;
  @ApiProperty({ example: '3F9A12BC' }) reference: string;
  @ApiProperty({ example: '3f6c2a8e-5b1d-4c7e-9a2f-8d4b6e1c0a57', format: 'uuid' }) scholarshipId: string;
  @ApiProperty({ example: 'First-Generation Scholars Award' }) scholarshipTitle: string;
  @ApiProperty({ example: 'Grace Hopper Foundation', description: "The organisation's name: the provider's side of the conversation" }) organisation: string;
  @ApiProperty({ example: 'You', description: "The applicant's side: 'You' to the applicant, the name (or 'Applicant {reference}' under blind review) to the provider" }) applicant: string;
  @ApiProperty({ type: [ConversationMessageDto], description: 'Oldest first' }) messages: ConversationMessageDto[];
}

export class ConversationResponseDto extends ApiResponseBase {
  @ApiProperty({ type: ConversationDto }) data: ConversationDto;
}

class ThreadDto {
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', format: 'uuid' }) applicationId: string;
  @ApiProperty({ example: '9B2E7D14' }) reference: string;
  @ApiProperty({ example: '3f6c2a8e-5b1d-4c7e-9a2f-8d4b6e1c0a57', format: 'uuid' }) scholarshipId: string;
  @ApiProperty({ example: 'First-Generation Scholars Award' }) scholarshipTitle: string;
  @ApiProperty({ example: 'Maya Lopez', description: "The applicant's name, or 'Applicant {reference}' under blind review" }) applicant: string;
  @ApiProperty({ example: 'About your application', description: 'Of the latest message' }) subject: string;
  @ApiProperty({ example: 'Thank you for applying. Could you send your latest transcript?', description: 'The latest message as text, cut at 160 characters' }) preview: string;
  @ApiProperty({ example: 'provider', enum: ['provider', 'applicant'] }) lastAuthor: 'provider' | 'applicant';
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', type: String, format: 'date-time' }) lastAt: Date;
  @ApiProperty({ example: 3, description: "The applicant's unread replies" }) unread: number;
}

class ThreadsPageDto {
  @ApiProperty({ example: 3 }) total: number;
  @ApiProperty({ example: 3, description: "Unread replies across all the provider's conversations" }) unread: number;
  @ApiProperty({ example: 0 }) offset: number;
  @ApiProperty({ example: 20 }) limit: number;
  @ApiProperty({ type: [ThreadDto] }) threads: ThreadDto[];
}

export class ThreadsResponseDto extends ApiResponseBase {
  @ApiProperty({ type: ThreadsPageDto }) data: ThreadsPageDto;
}

class UnreadRepliesDto {
  @ApiProperty({ example: 3 }) unread: number;
}

export class UnreadRepliesResponseDto extends ApiResponseBase {
  @ApiProperty({ type: UnreadRepliesDto }) data: UnreadRepliesDto;
}
