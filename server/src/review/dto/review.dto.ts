import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ELIGIBILITIES, type Eligibility, MAX_RANK_CRITERIA, REVIEW_STATUSES, type ReviewStatus } from '@scholarmatch/schemas';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { ApiResponseBase } from '../../common/api-response.js';
import { FormDto } from '../../forms/dto/form.dto.js';
import { APPLICANT_ORDERS } from '../review.repository.js';

// Requests (docs/review.md)

export class ApplicantsQueryDto {
  @ApiPropertyOptional({ maxLength: 100, description: 'Start of the reference, or (not under blind review) part of the name or e-mail' })
  @IsOptional() @IsString() @MaxLength(100)
  search?: string;

  @ApiPropertyOptional({ enum: REVIEW_STATUSES })
  @IsOptional() @IsIn(REVIEW_STATUSES)
  status?: ReviewStatus;

  @ApiPropertyOptional({ enum: ELIGIBILITIES })
  @IsOptional() @IsIn(ELIGIBILITIES)
  eligible?: Eligibility;

  @ApiPropertyOptional({ enum: Object.keys(APPLICANT_ORDERS), default: '-submittedAt' })
  @IsOptional() @IsIn(Object.keys(APPLICANT_ORDERS))
  sort?: keyof typeof APPLICANT_ORDERS;

  @ApiPropertyOptional({ default: 0 })
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(1_000_000)
  offset?: number;

  @ApiPropertyOptional({ default: 20, minimum: 1, maximum: 100 })
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100)
  limit?: number;
}

export class ActivityQueryDto {
  @ApiPropertyOptional({ default: 30, minimum: 1, maximum: 366 })
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(366)
  days?: number;
}

export class ReviewSettingsDto {
  @ApiProperty({ example: true, description: 'Hide name, e-mail, phone and school from everyone reviewing' })
  @IsBoolean()
  blindReview: boolean;
}

export class ReviewStatusDto {
  @ApiProperty({ example: 'Shortlisted', enum: REVIEW_STATUSES })
  @IsIn(REVIEW_STATUSES)
  status: ReviewStatus;
}

export class RankCriterionDraftDto {
  @ApiPropertyOptional({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', format: 'uuid', description: "A stored criterion's id (its points stay)" })
  @IsOptional() @IsUUID()
  id?: string;

  @ApiProperty({ type: 'object', additionalProperties: true, description: "The rank-criterion-editor form's answers", example: { criterionName: 'Essay', criterionWeight: 2, criterionMaxPoints: 10 } })
  @IsObject()
  answers: Record<string, unknown>;
}

export class RankCriteriaDraftsDto {
  @ApiProperty({ type: [RankCriterionDraftDto], description: 'In rubric order, at most 20' })
  @IsArray() @ArrayMaxSize(MAX_RANK_CRITERIA) @ValidateNested({ each: true }) @Type(() => RankCriterionDraftDto)
  criteria: RankCriterionDraftDto[];
}

class DrawDto {
  @ApiProperty({ example: 3, minimum: 1, maximum: 100 })
  @IsInt() @Min(1) @Max(100)
  count: number;
}

export class ChooseWinnersDto {
  @ApiPropertyOptional({ example: ['7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83'], type: [String], format: 'uuid', description: 'Chosen by hand (application ids); or give `draw`' })
  @IsOptional() @IsArray() @ArrayMinSize(1) @ArrayMaxSize(100) @IsUUID('all', { each: true })
  applicationIds?: string[];

  @ApiPropertyOptional({ type: DrawDto, description: 'Drawn at random among the eligible undecided applications' })
  @IsOptional() @ValidateNested() @Type(() => DrawDto)
  draw?: DrawDto;
}

export class ProviderMessageDto {
  @ApiProperty({ example: ['9b2e7d14-6a3c-4f85-b1d0-2c8e5f7a9b63'], type: [String], format: 'uuid', description: 'Application ids (rows of the list)' })
  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(1000) @IsUUID('all', { each: true })
  applicantIds: string[];

  @ApiProperty({ type: 'object', additionalProperties: true, description: "The provider-message form's answers", example: { subject: 'Interviews', body: '<p>Hello</p>' } })
  @IsObject()
  answers: Record<string, unknown>;
}

export class InviteReviewerDto {
  @ApiProperty({ example: 'maya.lopez@example.com', format: 'email', maxLength: 320 })
  @IsString() @MaxLength(320) @IsEmail()
  email: string;
}

export class JoinInvitationDto {
  @ApiProperty({ example: 'Str0ng#Passw0rd', description: "The password of the invited address's reviewer account" })
  @IsString() @MaxLength(200)
  password: string;
}

// Answers

export class ApplicantRowDto {
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', format: 'uuid', description: 'The application id: {applicantId} in paths' }) id: string;
  @ApiProperty({ example: '3F9A12BC' }) reference: string;
  @ApiProperty({ example: 'Received', enum: REVIEW_STATUSES }) status: ReviewStatus;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', format: 'date-time' }) submittedAt: Date;
  @ApiProperty({ example: 'eligible', enum: ELIGIBILITIES }) eligibility: Eligibility;
  @ApiProperty({ example: 8, type: Number, nullable: true }) averageScore: number | null;
  @ApiProperty({ example: 3 }) reviewCount: number;
  @ApiProperty({ example: 8, type: Number, nullable: true }) myScore: number | null;
  @ApiProperty({ example: 'Maya Lopez', type: String, nullable: true }) name: string | null;
  @ApiProperty({ example: 'maya.lopez@example.com', type: String, nullable: true }) email: string | null;
  @ApiProperty({ example: '+12025550143', type: String, nullable: true }) phone: string | null;
  @ApiProperty({ example: 'Lincoln High School', type: String, nullable: true }) school: string | null;
}

class ApplicantsPageDto {
  @ApiProperty({ example: 3 }) total: number;
  @ApiProperty({ example: 0 }) offset: number;
  @ApiProperty({ example: 20 }) limit: number;
  @ApiProperty({ example: true }) blindReview: boolean;
  @ApiProperty({
    example: false,
    description:
      "True while the applications' eligibility is being judged again (the scholarship's rules changed, or a new day began): the rows show the verdicts of the last judgement until it is done, usually within seconds. Ask again to see the new ones.",
  })
  eligibilityUpdating: boolean;
  @ApiProperty({ type: [ApplicantRowDto] }) applicants: ApplicantRowDto[];
}
export class ApplicantsPageResponseDto extends ApiResponseBase {
  @ApiProperty({ type: ApplicantsPageDto }) data: ApplicantsPageDto;
}

class ApplicantProfileDto {
  @ApiProperty({ example: 'Maya' }) firstName: string;
  @ApiProperty({ example: 'Lopez' }) lastName: string;
  @ApiProperty({ example: 'maya.lopez@example.com' }) email: string;
  @ApiProperty({ example: '+12025550143', type: String, nullable: true }) phone: string | null;
  @ApiProperty({ example: 'Lincoln High School', type: String, nullable: true }) school: string | null;
}

class SubmissionDto {
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', format: 'uuid' }) id: string;
  @ApiProperty({ example: '9B2E7D14' }) reference: string;
  @ApiProperty({ example: 'Received', enum: REVIEW_STATUSES }) status: ReviewStatus;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', format: 'date-time' }) submittedAt: Date;
  @ApiProperty({ example: 'eligible', enum: ELIGIBILITIES }) eligibility: Eligibility;
  @ApiProperty({ example: 8, type: Number, nullable: true }) averageScore: number | null;
  @ApiProperty({ example: 3 }) reviewCount: number;
  @ApiProperty({ example: 8, type: Number, nullable: true }) myScore: number | null;
  @ApiProperty({ example: true }) blindReview: boolean;
  @ApiProperty({ type: ApplicantProfileDto, nullable: true, description: 'null under blind review' }) applicant: ApplicantProfileDto | null;
  @ApiProperty({ type: FormDto, description: 'The requirement form version the application is pinned to' }) form: FormDto;
  @ApiProperty({ example: { essay: { text: 'When my family moved…' } }, type: 'object', additionalProperties: true }) answers: Record<string, unknown>;
}
export class SubmissionResponseDto extends ApiResponseBase {
  @ApiProperty({ type: SubmissionDto }) data: SubmissionDto;
}

export class ReviewSettingsResponseDto extends ApiResponseBase {
  @ApiProperty({ type: ReviewSettingsDto }) data: ReviewSettingsDto;
}

class StatusUndoDto {
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', format: 'date-time', description: "When the applicant's message leaves; until then `POST …/status/undo` takes the move back" }) until: string;
  @ApiProperty({ example: 'Received', enum: REVIEW_STATUSES, description: 'The status an undo restores: the one the applicant was last told of' }) restores: ReviewStatus;
}
class StatusAnswerDto {
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', format: 'uuid' }) id: string;
  @ApiProperty({ example: 'Shortlisted', enum: REVIEW_STATUSES }) status: ReviewStatus;
  @ApiProperty({ type: StatusUndoDto, nullable: true, description: "Present while the applicant's message about the move waits; null when nothing is waiting (sent, or nothing to tell)" })
  undo: StatusUndoDto | null;
}
export class ReviewStatusResponseDto extends ApiResponseBase {
  @ApiProperty({ type: StatusAnswerDto }) data: StatusAnswerDto;
}

class RankCriterionDto {
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', format: 'uuid' }) id: string;
  @ApiProperty({ example: 'Essay quality' }) name: string;
  @ApiPropertyOptional({ example: 'How clearly the essay shows the applicant\'s goals' }) description?: string;
  @ApiProperty({ example: 1 }) weight: number;
  @ApiProperty({ example: 10 }) maxPoints: number;
  @ApiPropertyOptional({ example: {}, type: 'object', additionalProperties: true }) extra?: Record<string, unknown>;
}
class RubricDto {
  @ApiProperty({ type: [RankCriterionDto] }) criteria: RankCriterionDto[];
  @ApiProperty({ type: FormDto, description: 'compileScoringForm(criteria): one whole number per criterion, keyed by its id' }) scoringForm: FormDto;
}
export class RubricResponseDto extends ApiResponseBase {
  @ApiProperty({ type: RubricDto }) data: RubricDto;
}

class MyPointsDto {
  @ApiProperty({ example: { 'c41d8e2a-7f35-4b96-a0e8-5d2c9b1f3e74': 8 }, type: 'object', additionalProperties: { type: 'number' } }) points: Record<string, number>;
  @ApiProperty({ example: 3 }) total: number;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', format: 'date-time' }) updatedAt: Date;
}
class ReviewerPointsDto extends MyPointsDto {
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', format: 'uuid' }) reviewerId: string;
  @ApiProperty({ example: 'Jordan Kim' }) name: string;
}
class PointsDto {
  @ApiProperty({ type: FormDto }) scoringForm: FormDto;
  @ApiProperty({ type: MyPointsDto, nullable: true }) mine: MyPointsDto | null;
  @ApiProperty({ type: [ReviewerPointsDto] }) reviewers: ReviewerPointsDto[];
  @ApiProperty({ example: 7.5, type: Number, nullable: true }) average: number | null;
  @ApiProperty({ example: 3 }) reviewCount: number;
}
export class PointsResponseDto extends ApiResponseBase {
  @ApiProperty({ type: PointsDto }) data: PointsDto;
}

class DecisionDto {
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', format: 'uuid' }) id: string;
  @ApiProperty({ example: 'hand', enum: ['hand', 'draw'] }) method: 'hand' | 'draw';
  @ApiProperty({ example: '9f2c4e7a1b3d5f6e8a0c2e4f6a8b0d1c3e5f7a9b1d3f5e7a9c1e3f5a7b9d1f3e', type: String, nullable: true, description: '64 hex digits (draws)' }) seed: string | null;
  @ApiProperty({ example: 3 }) count: number;
  @ApiProperty({ example: ['7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83'], type: [String] }) candidateIds: string[];
  @ApiProperty({ example: ['7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83'], type: [String] }) winnerIds: string[];
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', format: 'date-time' }) decidedAt: Date;
}
class WinnersDto {
  @ApiProperty({ type: [ApplicantRowDto] }) winners: ApplicantRowDto[];
  @ApiProperty({ type: [DecisionDto] }) decisions: DecisionDto[];
}
export class WinnersResponseDto extends ApiResponseBase {
  @ApiProperty({ type: WinnersDto }) data: WinnersDto;
}

class ActivityDayDto {
  @ApiProperty({ example: '2026-11-20' }) date: string;
  @ApiProperty({ example: 3 }) count: number;
}
class ActivityDto {
  @ApiProperty({ type: [ActivityDayDto] }) days: ActivityDayDto[];
}
export class ActivityResponseDto extends ApiResponseBase {
  @ApiProperty({ type: ActivityDto }) data: ActivityDto;
}

class SentDto {
  @ApiProperty({ example: 1 }) sent: number;
}
export class SentResponseDto extends ApiResponseBase {
  @ApiProperty({ type: SentDto }) data: SentDto;
}

class InvitationDto {
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', format: 'uuid' }) id: string;
  @ApiProperty({ example: 'maya.lopez@example.com' }) email: string;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', format: 'date-time' }) expiresAt: Date;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', format: 'date-time' }) createdAt: Date;
  @ApiProperty({ example: true, description: 'The address already has a reviewer account: it accepts by logging in with it, not by signing up' }) existingAccount: boolean;
}
export class InvitationResponseDto extends ApiResponseBase {
  @ApiProperty({ type: InvitationDto }) data: InvitationDto;
}
class ReviewerDto {
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', format: 'uuid' }) id: string;
  @ApiProperty({ example: 'Maya' }) firstName: string;
  @ApiProperty({ example: 'Lopez' }) lastName: string;
  @ApiProperty({ example: 'maya.lopez@example.com' }) email: string;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', format: 'date-time' }) joinedAt: Date;
}
class ReviewersDto {
  @ApiProperty({ type: [ReviewerDto] }) reviewers: ReviewerDto[];
  @ApiProperty({ type: [InvitationDto] }) invitations: InvitationDto[];
}
export class ReviewersResponseDto extends ApiResponseBase {
  @ApiProperty({ type: ReviewersDto }) data: ReviewersDto;
}
class RemovedDto {
  @ApiProperty({ example: true }) removed: boolean;
}
export class RemovedResponseDto extends ApiResponseBase {
  @ApiProperty({ type: RemovedDto }) data: RemovedDto;
}
class PublicInvitationDto {
  @ApiProperty({ example: 'maya.lopez@example.com' }) email: string;
  @ApiProperty({ example: 'Grace Hopper Foundation' }) organisationName: string;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', format: 'date-time' }) expiresAt: Date;
  @ApiProperty({ example: true, description: 'The address has a reviewer account: accept with its password (POST …/join), not the sign-up form' }) existingAccount: boolean;
}
export class PublicInvitationResponseDto extends ApiResponseBase {
  @ApiProperty({ type: PublicInvitationDto }) data: PublicInvitationDto;
}
