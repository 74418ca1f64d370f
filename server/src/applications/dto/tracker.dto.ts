import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { APPLICATION_STATUSES, type ApplicationStatus, REVIEW_STATUSES, type ReviewStatus, STATUS_EVENTS, type StatusEvent } from '@scholarmatch/schemas';
import { ApiResponseBase } from '../../common/api-response.js';
import { queryBoolean } from '../../common/transforms.js';

export const TRACKER_PAGE_SIZE = 20;
export const TRACKER_MAX_PAGE_SIZE = 100;

export class TrackerQueryDto {
  @ApiPropertyOptional({ enum: APPLICATION_STATUSES, description: 'Only drafts, or only submitted applications; both when absent' })
  @IsOptional()
  @IsIn(APPLICATION_STATUSES, { message: `status must be one of ${APPLICATION_STATUSES.join(', ')}.` })
  status?: ApplicationStatus;

  @ApiPropertyOptional({ type: Boolean, description: 'true: only applications whose form asks for an essay (the upload-essay chooser)' })
  @IsOptional()
  @Transform(queryBoolean)
  @IsBoolean({ message: 'essay must be true or false.' })
  essay?: boolean;

  @ApiPropertyOptional({ minimum: 0, default: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'offset must be a whole number.' })
  @Min(0, { message: 'offset cannot be negative.' })
  @Max(100_000, { message: 'offset can be at most 100000.' })
  offset?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: TRACKER_MAX_PAGE_SIZE, default: TRACKER_PAGE_SIZE })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number.' })
  @Min(1, { message: 'limit must be at least 1.' })
  @Max(TRACKER_MAX_PAGE_SIZE, { message: `limit can be at most ${TRACKER_MAX_PAGE_SIZE}.` })
  limit?: number;
}

export class StatusEventDto {
  @ApiProperty({ example: 'Draft', enum: STATUS_EVENTS, description: "'Draft': first saved as a draft; 'Submitted': sent to the provider; the others: the provider's review status" })
  status: StatusEvent;

  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', description: 'When it happened' })
  at: Date;

  @ApiProperty({ example: true, description: 'Recorded from the state the application was in when the tracker began, not when it happened; `at` is the best date known' })
  backfilled: boolean;
}

export class TrackedEssayDto {
  @ApiProperty({ example: 'essay', description: "The essay requirement's key (its answer is `{ text }` or `{ url }`)" }) key: string;
  @ApiProperty({ example: 'Personal essay' }) title: string;
  @ApiProperty({ example: 'written', enum: ['written', 'file'], nullable: true, description: 'How it is answered: written in the editor, an uploaded file, or not yet' })
  answer: 'written' | 'file' | null;
}

export class TrackedMessagesDto {
  @ApiProperty({ example: 3, description: 'Inbox messages about this scholarship (the provider\'s and the product\'s)' }) total: number;
  @ApiProperty({ example: 3 }) unread: number;
}

export class TrackedApplicationDto {
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', format: 'uuid', description: 'The application' }) id: string;
  @ApiProperty({ example: '3f6c2a8e-5b1d-4c7e-9a2f-8d4b6e1c0a57', format: 'uuid' }) scholarshipId: string;
  @ApiProperty({ example: 'First-Generation Scholars Award' }) title: string;
  @ApiProperty({ example: 'Grace Hopper Foundation', description: "The sponsor's name" }) sponsor: string;
  @ApiProperty({ example: 5000, description: 'Whole USD' }) totalAmount: number;
  @ApiProperty({ example: '2027-03-31', type: String, nullable: true, description: 'YYYY-MM-DD' }) deadline: string | null;
  @ApiProperty({ example: 'Received', enum: APPLICATION_STATUSES }) status: ApplicationStatus;
  @ApiProperty({ example: 'Received', enum: REVIEW_STATUSES, nullable: true, description: 'Where the provider has moved it; null for a draft' }) reviewStatus: ReviewStatus | null;
  @ApiProperty({ example: true, description: 'Sent by automatic application (docs/automation.md)' }) appliedAutomatically: boolean;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', type: Date, nullable: true }) submittedAt: Date | null;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', description: 'Its last change (a draft: its last save)' }) updatedAt: Date;
  @ApiProperty({ type: [StatusEventDto], description: 'Oldest first' }) events: StatusEventDto[];
  @ApiProperty({ type: [TrackedEssayDto], description: "The essays its form asks for (the form version it is pinned to)" }) essays: TrackedEssayDto[];
  @ApiProperty({ type: TrackedMessagesDto }) messages: TrackedMessagesDto;
}

class TrackerMetaDto {
  @ApiProperty({ example: 3, description: 'Applications matching the filters' }) total: number;
  @ApiProperty({ example: 0 }) offset: number;
  @ApiProperty({ example: 20 }) limit: number;
}

export class TrackerResponseDto extends ApiResponseBase {
  @ApiProperty({ type: [TrackedApplicationDto], description: 'Latest change first' }) data: TrackedApplicationDto[];
  @ApiProperty({ type: TrackerMetaDto }) meta: TrackerMetaDto;
}
