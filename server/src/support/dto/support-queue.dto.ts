import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { MEMBERSHIP_STATES, SUPPORT_KINDS, SUPPORT_STATUSES, type MembershipState, type SupportKind, type SupportStatus } from '@scholarmatch/schemas';
import { ApiResponseBase } from '../../common/api-response.js';
import { queryBoolean } from '../../common/transforms.js';
import { SupportRequestDto } from './support.dto.js';

const KINDS = Object.keys(SUPPORT_KINDS) as SupportKind[];
const SORTS = ['newest', 'waiting'] as const;

/** The staff's queue (docs/console.md, "Support queue"): filters, search, order and page. */
export class SupportListQueryDto {
  @ApiPropertyOptional({ enum: SUPPORT_STATUSES, description: 'open: waiting for an answer; answered; solved' })
  @IsOptional() @IsIn(SUPPORT_STATUSES, { message: `status must be one of ${SUPPORT_STATUSES.join(', ')}` })
  status?: SupportStatus;

  @ApiPropertyOptional({ description: 'true: answered only; false: waiting for an answer' })
  @IsOptional() @Transform(queryBoolean) @IsBoolean({ message: "answered must be 'true' or 'false'" })
  answered?: boolean;

  @ApiPropertyOptional({ enum: KINDS, description: 'support: a support request (signed in); contact: a contact message' })
  @IsOptional() @IsIn(KINDS, { message: `kind must be one of ${KINDS.join(', ')}` })
  kind?: SupportKind;

  @ApiPropertyOptional({ minimum: 1, maximum: 8760, description: 'Only requests sent more than this many hours ago' })
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(8760)
  olderThanHours?: number;

  @ApiPropertyOptional({ maxLength: 200, description: "Found in the sender's name or e-mail, the query or the message (% and _ are plain characters)" })
  @IsOptional() @IsString() @MaxLength(200)
  search?: string;

  @ApiPropertyOptional({ enum: SORTS, default: 'newest', description: 'newest: newest first; waiting: open first, then answered, then solved, the oldest first in each' })
  @IsOptional() @IsIn(SORTS, { message: `sort must be one of ${SORTS.join(', ')}` })
  sort?: (typeof SORTS)[number];

  @ApiPropertyOptional({ minimum: 0, default: 0 })
  @IsOptional() @Type(() => Number) @IsInt() @Min(0)
  offset?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 50 })
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100)
  limit?: number;
}

export class SupportQueueItemDto extends SupportRequestDto {
  @ApiProperty({ example: 'Alex Admin', type: String, nullable: true, description: "The assignee's name" }) assigneeName: string | null;
}

export class SupportQueueMetaDto {
  @ApiProperty({ description: 'How many requests the filters keep', example: 1 }) total: number;
  @ApiProperty({ description: 'Open requests (whatever the filters) sent more than 24 hours ago: past the reply the site promises', example: 0 }) overdue: number;
}

export class SupportRequestListResponseDto extends ApiResponseBase {
  @ApiProperty({ type: [SupportQueueItemDto] }) data: SupportQueueItemDto[];
  @ApiProperty({ type: SupportQueueMetaDto }) meta: SupportQueueMetaDto;
}

export class SupportNoteDto {
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', format: 'uuid' }) id: string;
  @ApiProperty({ example: 'Asked engineering about the upload limit.' }) text: string;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z' }) createdAt: Date;
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', type: String, nullable: true, format: 'uuid' }) authorId: string | null;
  @ApiProperty({ example: 'Alex Admin', type: String, nullable: true }) authorName: string | null;
}

/** A staff answer or a reply of the person, as the console shows the thread (docs/console.md, "Support queue"). */
export class SupportMessageDto {
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', format: 'uuid' }) id: string;
  @ApiProperty({ example: 'staff', enum: ['staff', 'person'] }) author: 'staff' | 'person';
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', type: String, nullable: true, format: 'uuid', description: 'The staff member who answered, or the person who replied' }) authorId: string | null;
  @ApiProperty({ example: 'Alex Admin', type: String, nullable: true }) authorName: string | null;
  @ApiProperty({ example: '<p>Thank you for applying. Could you send your latest transcript?</p>', description: 'Sanitised HTML' }) bodyHtml: string;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z' }) createdAt: Date;
}

export class MembershipSummaryDto {
  @ApiProperty({ example: 'Quarterly Plan', description: "The plan's title" }) title: string;
  @ApiProperty({ example: 'trialing', enum: MEMBERSHIP_STATES }) status: MembershipState;
  @ApiProperty({ example: true, description: "Unlocks the members' features now" }) grantsAccess: boolean;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', type: Date, nullable: true }) trialEndsAt: Date | null;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', type: Date, nullable: true }) currentPeriodEnd: Date | null;
}

export class SupportPersonDto {
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', format: 'uuid' }) id: string;
  @ApiProperty({ example: 'Maya Lopez' }) name: string;
  @ApiProperty({ example: 'maya.lopez@example.com' }) email: string;
  @ApiProperty({ example: '+12025550143', type: String, nullable: true }) phone: string | null;
  @ApiProperty({ example: 'applicant', description: "The account's role" }) role: string;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', description: 'When the account was made' }) createdAt: Date;
  @ApiProperty({ example: 3, description: 'How many support requests and contact messages they sent signed in' }) requestCount: number;
  @ApiProperty({ type: MembershipSummaryDto, nullable: true, description: 'Their membership (one that grants access if any, else the newest); null: never had one' })
  membership: MembershipSummaryDto | null;
}

export class SupportRequestDetailDto {
  @ApiProperty({ type: SupportQueueItemDto }) request: SupportQueueItemDto;
  @ApiProperty({ type: [SupportMessageDto], description: "The thread after the request: the staff's answers and the person's replies, oldest first" }) messages: SupportMessageDto[];
  @ApiProperty({ type: [SupportNoteDto], description: 'Internal notes, oldest first: never shown to the person' }) notes: SupportNoteDto[];
  @ApiProperty({ type: SupportPersonDto, nullable: true, description: 'The account it came from; null for a guest (or a deleted account)' }) person: SupportPersonDto | null;
}

export class SupportRequestDetailResponseDto extends ApiResponseBase {
  @ApiProperty({ type: SupportRequestDetailDto }) data: SupportRequestDetailDto;
}

export class SupportAssigneeDto {
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', type: String, nullable: true, format: 'uuid', description: 'A staff member (someone who answers support), or null to unassign' })
  @ValidateIf((_, value) => value !== null) @IsUUID('all', { message: 'staffId must be a user id or null' })
  staffId: string | null;
}

export class SupportNoteInputDto {
  @ApiProperty({ example: 'Asked engineering about the upload limit.', maxLength: 5000, description: 'The note: plain text, for staff only' })
  @IsString() @MaxLength(5000)
  text: string;
}

export class SupportNoteResponseDto extends ApiResponseBase {
  @ApiProperty({ type: SupportNoteDto }) data: SupportNoteDto;
}

export class SupportStaffMemberDto {
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', format: 'uuid' }) id: string;
  @ApiProperty({ example: 'Alex Admin' }) name: string;
  @ApiProperty({ example: 'alex.admin@scholarmatch.example' }) email: string;
}

export class SupportStaffResponseDto extends ApiResponseBase {
  @ApiProperty({ type: [SupportStaffMemberDto] }) data: SupportStaffMemberDto[];
}

