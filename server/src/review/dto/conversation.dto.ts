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
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: ['provider', 'applicant'] }) author: 'provider' | 'applicant';
  @ApiProperty({ description: "The organisation's name, the applicant's name ('You' to the applicant; under blind review 'Applicant {reference}')" }) fromName: string;
  @ApiProperty() subject: string;
  @ApiProperty({ description: 'Sanitised HTML' }) bodyHtml: string;
  @ApiProperty() bodyText: string;
  @ApiProperty({ type: String, format: 'date-time' }) sentAt: Date;
  @ApiProperty({ description: "A provider's message: read by the applicant; a reply: read by the provider" }) read: boolean;
}

export class ConversationDto {
  @ApiProperty({ format: 'uuid' }) applicationId: string;
  @ApiProperty({ example: '3F9A12BC' }) reference: string;
  @ApiProperty({ format: 'uuid' }) scholarshipId: string;
  @ApiProperty() scholarshipTitle: string;
  @ApiProperty({ description: "The organisation's name: the provider's side of the conversation" }) organisation: string;
  @ApiProperty({ description: "The applicant's side: 'You' to the applicant, the name (or 'Applicant {reference}' under blind review) to the provider" }) applicant: string;
  @ApiProperty({ type: [ConversationMessageDto], description: 'Oldest first' }) messages: ConversationMessageDto[];
}

export class ConversationResponseDto extends ApiResponseBase {
  @ApiProperty({ type: ConversationDto }) data: ConversationDto;
}

class ThreadDto {
  @ApiProperty({ format: 'uuid' }) applicationId: string;
  @ApiProperty() reference: string;
  @ApiProperty({ format: 'uuid' }) scholarshipId: string;
  @ApiProperty() scholarshipTitle: string;
  @ApiProperty({ description: "The applicant's name, or 'Applicant {reference}' under blind review" }) applicant: string;
  @ApiProperty({ description: 'Of the latest message' }) subject: string;
  @ApiProperty({ description: 'The latest message as text, cut at 160 characters' }) preview: string;
  @ApiProperty({ enum: ['provider', 'applicant'] }) lastAuthor: 'provider' | 'applicant';
  @ApiProperty({ type: String, format: 'date-time' }) lastAt: Date;
  @ApiProperty({ description: "The applicant's unread replies" }) unread: number;
}

class ThreadsPageDto {
  @ApiProperty() total: number;
  @ApiProperty({ description: "Unread replies across all the provider's conversations" }) unread: number;
  @ApiProperty() offset: number;
  @ApiProperty() limit: number;
  @ApiProperty({ type: [ThreadDto] }) threads: ThreadDto[];
}

export class ThreadsResponseDto extends ApiResponseBase {
  @ApiProperty({ type: ThreadsPageDto }) data: ThreadsPageDto;
}

class UnreadRepliesDto {
  @ApiProperty() unread: number;
}

export class UnreadRepliesResponseDto extends ApiResponseBase {
  @ApiProperty({ type: UnreadRepliesDto }) data: UnreadRepliesDto;
}
