import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsInt, IsObject, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { SUPPORT_STATUSES, type SupportStatus } from '@scholarmatch/schemas';
import { ApiResponseBase } from '../../common/api-response.js';

/**
 * The original two payloads of `POST /scholarships/add-support` (docs/support.md): the support form's
 * `{ email, name, query, description, applicantId }` (signed in; a request with `query`) and the
 * contact form's `{ email, name, phone, description }`. Their rules are the served forms'
 * (`support-request`, `contact-message`); this checks only their shape.
 */
export class AddSupportDto {
  @ApiPropertyOptional({ example: 'maya.lopez@example.com', description: "Contact: the sender's e-mail. Support: ignored (the account's)", maxLength: 320 })
  @IsOptional() @IsString() @MaxLength(320)
  email?: string;

  @ApiPropertyOptional({ example: 'Maya Lopez', description: "Support: ignored (the account's name). Contact: the original client sends 'Guest'", maxLength: 200 })
  @IsOptional() @IsString() @MaxLength(200)
  name?: string;

  @ApiPropertyOptional({ example: '+12025550143', description: 'Contact: the phone number, with its country code', maxLength: 32 })
  @IsOptional() @IsString() @MaxLength(32)
  phone?: string;

  @ApiPropertyOptional({ example: 'I cannot upload my transcript', description: 'Support: what it is about (makes the request a support request, which needs a signed-in caller)', maxLength: 200 })
  @IsOptional() @IsString() @MaxLength(200)
  query?: string;

  @ApiPropertyOptional({ example: 'The upload stops at 90% every time I try.', description: 'The message itself', maxLength: 5000 })
  @IsOptional() @IsString() @MaxLength(5000)
  description?: string;

  @ApiPropertyOptional({ example: '9b2e7d14-6a3c-4f85-b1d0-2c8e5f7a9b63', format: 'uuid', description: "Support: the caller's own id (anyone else's: 403)" })
  @IsOptional() @IsUUID('all', { message: 'applicantId must be your user id' })
  applicantId?: string;

  @ApiPropertyOptional({ example: {}, type: 'object', additionalProperties: true, description: "Answers to the form's other fields (ones an admin added), by field key" })
  @IsOptional() @IsObject()
  answers?: Record<string, unknown>;

  @ApiPropertyOptional({ example: '', description: 'Leave empty: a field people do not see. Filled, the request is taken as a bot\'s and dropped (the answer is the same)' })
  @IsOptional() @IsString() @MaxLength(500)
  website?: string;
}

export class SupportAnswerDto {
  @ApiProperty({ example: '<p>Please try again now: files up to 2 MB are accepted.</p>', description: 'The answer as rich text (sanitised)', maxLength: 20000 })
  @IsString() @MaxLength(20000)
  answer: string;
}

export class SupportRequestDto {
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', format: 'uuid' }) id: string;
  @ApiProperty({ example: 'support', enum: ['support', 'contact'] }) kind: string;
  @ApiProperty({ example: '9b2e7d14-6a3c-4f85-b1d0-2c8e5f7a9b63', type: String, nullable: true, format: 'uuid', description: 'The account it came from, if any' }) userId: string | null;
  @ApiProperty({ example: 'Maya Lopez' }) name: string;
  @ApiProperty({ example: 'maya.lopez@example.com' }) email: string;
  @ApiProperty({ example: '+12025550143', type: String, nullable: true }) phone: string | null;
  @ApiProperty({ example: 'I cannot upload my transcript', type: String, nullable: true }) query: string | null;
  @ApiProperty({ example: 'The upload stops at 90% every time I try.' }) description: string;
  @ApiProperty({ example: {}, type: 'object', additionalProperties: true }) answers: Record<string, unknown>;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z' }) createdAt: Date;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', type: Date, nullable: true, description: 'When the staff were e-mailed' }) staffEmailedAt: Date | null;
  @ApiProperty({ example: '<p>Please try again now: files up to 2 MB are accepted.</p>', type: String, nullable: true }) answerHtml: string | null;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', type: Date, nullable: true }) answeredAt: Date | null;
  @ApiProperty({ example: 'open', enum: SUPPORT_STATUSES, description: 'open: waiting for an answer; answered; solved: closed by staff (docs/console.md, "Support queue")' }) status: SupportStatus;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', type: Date, nullable: true }) solvedAt: Date | null;
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', type: String, nullable: true, format: 'uuid', description: 'The staff member it is assigned to' }) assignedTo: string | null;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', description: "Since when it waits for staff: when it was sent, or the person's reply that reopened it. The 24-hour promise counts from here" }) waitingSince: Date;
}

export class SupportRequestResponseDto extends ApiResponseBase {
  @ApiProperty({ type: SupportRequestDto }) data: SupportRequestDto;
}

export class OwnSupportListQueryDto {
  @ApiPropertyOptional({ minimum: 0, default: 0 })
  @IsOptional() @Type(() => Number) @IsInt() @Min(0)
  offset?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 20 })
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100)
  limit?: number;
}

/** One of the caller's own requests as the Support page lists it (docs/support.md, "The person's history"). */
export class OwnSupportRequestDto {
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', format: 'uuid' }) id: string;
  @ApiProperty({ example: 'support', enum: ['support', 'contact'], description: 'support: from the Support page; contact: from the contact page while signed in' }) kind: string;
  @ApiProperty({ example: 'I cannot upload my transcript', type: String, nullable: true, description: 'What it is about (a support request)' }) query: string | null;
  @ApiProperty({ example: 'The upload stops at 90% every time I try.' }) description: string;
  @ApiProperty({ example: 'received', enum: ['received', 'answered'], description: 'received: waiting for an answer; answered: `answerHtml` holds it' }) status: 'received' | 'answered';
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z' }) createdAt: Date;
  @ApiProperty({ example: '<p>Please try again now: files up to 2 MB are accepted.</p>', type: String, nullable: true, description: 'The latest answer, sanitised rich text' }) answerHtml: string | null;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', type: Date, nullable: true }) answeredAt: Date | null;
}

/** One message of a request's thread as the person reads it (docs/support.md, "The thread"). */
export class SupportThreadMessageDto {
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', format: 'uuid', description: "The first message is the request itself (the request's id)" }) id: string;
  @ApiProperty({ example: 'person', enum: ['person', 'staff'] }) author: 'person' | 'staff';
  @ApiProperty({ example: 'You', description: "'You' for the person's own, 'ScholarMatch Support' for the staff's" }) fromName: string;
  @ApiProperty({ example: '<p>The upload stops at 90% every time I try.</p>', description: 'Sanitised HTML' }) bodyHtml: string;
  @ApiProperty({ example: 'The upload stops at 90% every time I try.' }) bodyText: string;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', type: String, format: 'date-time' }) sentAt: Date;
}

export class SupportThreadDto {
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', format: 'uuid' }) requestId: string;
  @ApiProperty({ example: 'I cannot upload my transcript', description: "The request's query, or 'Your message to ScholarMatch' for a contact message" }) subject: string;
  @ApiProperty({ example: 'received', enum: ['received', 'answered'], description: "received: waiting for staff (sent, or replied to since the latest answer); answered" }) status: 'received' | 'answered';
  @ApiProperty({ type: [SupportThreadMessageDto], description: "Oldest first: the request, the staff's answers and the person's replies (never the staff's internal notes)" })
  messages: SupportThreadMessageDto[];
}

export class SupportThreadResponseDto extends ApiResponseBase {
  @ApiProperty({ type: SupportThreadDto }) data: SupportThreadDto;
}

export class SupportListMetaDto {
  @ApiProperty({ description: 'How many there are in all', example: 1 }) total: number;
}

export class OwnSupportRequestListResponseDto extends ApiResponseBase {
  @ApiProperty({ type: [OwnSupportRequestDto] }) data: OwnSupportRequestDto[];
  @ApiProperty({ type: SupportListMetaDto }) meta: SupportListMetaDto;
}
