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
  @ApiProperty({ description: 'Hide name, e-mail, phone and school from everyone reviewing' })
  @IsBoolean()
  blindReview: boolean;
}

export class ReviewStatusDto {
  @ApiProperty({ enum: REVIEW_STATUSES })
  @IsIn(REVIEW_STATUSES)
  status: ReviewStatus;
}

export class RankCriterionDraftDto {
  @ApiPropertyOptional({ format: 'uuid', description: "A stored criterion's id (its points stay)" })
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
  @ApiProperty({ minimum: 1, maximum: 100 })
  @IsInt() @Min(1) @Max(100)
  count: number;
}

export class ChooseWinnersDto {
  @ApiPropertyOptional({ type: [String], format: 'uuid', description: 'Chosen by hand (application ids); or give `draw`' })
  @IsOptional() @IsArray() @ArrayMinSize(1) @ArrayMaxSize(100) @IsUUID('all', { each: true })
  applicationIds?: string[];

  @ApiPropertyOptional({ type: DrawDto, description: 'Drawn at random among the eligible undecided applications' })
  @IsOptional() @ValidateNested() @Type(() => DrawDto)
  draw?: DrawDto;
}

export class ProviderMessageDto {
  @ApiProperty({ type: [String], format: 'uuid', description: 'Application ids (rows of the list)' })
  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(1000) @IsUUID('all', { each: true })
  applicantIds: string[];

  @ApiProperty({ type: 'object', additionalProperties: true, description: "The provider-message form's answers", example: { subject: 'Interviews', body: '<p>Hello</p>' } })
  @IsObject()
  answers: Record<string, unknown>;
}

export class InviteReviewerDto {
  @ApiProperty({ format: 'email', maxLength: 320 })
  @IsString() @MaxLength(320) @IsEmail()
  email: string;
}

export class JoinInvitationDto {
  @ApiProperty({ description: "The password of the invited address's reviewer account" })
  @IsString() @MaxLength(200)
  password: string;
}

// Answers

export class ApplicantRowDto {
  @ApiProperty({ format: 'uuid', description: 'The application id: {applicantId} in paths' }) id: string;
  @ApiProperty({ example: '3F9A12BC' }) reference: string;
  @ApiProperty({ enum: REVIEW_STATUSES }) status: ReviewStatus;
  @ApiProperty({ format: 'date-time' }) submittedAt: Date;
  @ApiProperty({ enum: ELIGIBILITIES }) eligibility: Eligibility;
  @ApiProperty({ type: Number, nullable: true }) averageScore: number | null;
  @ApiProperty() reviewCount: number;
  @ApiProperty({ type: Number, nullable: true }) myScore: number | null;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  @ApiProperty({ type: String, nullable: true }) email: string | null;
  @ApiProperty({ type: String, nullable: true }) phone: string | null;
  @ApiProperty({ type: String, nullable: true }) school: string | null;
}

class ApplicantsPageDto {
  @ApiProperty() total: number;
  @ApiProperty() offset: number;
  @ApiProperty() limit: number;
  @ApiProperty() blindReview: boolean;
  @ApiProperty({ type: [ApplicantRowDto] }) applicants: ApplicantRowDto[];
}
export class ApplicantsPageResponseDto extends ApiResponseBase {
  @ApiProperty({ type: ApplicantsPageDto }) data: ApplicantsPageDto;
}

class ApplicantProfileDto {
  @ApiProperty() firstName: string;
  @ApiProperty() lastName: string;
  @ApiProperty() email: string;
  @ApiProperty({ type: String, nullable: true }) phone: string | null;
  @ApiProperty({ type: String, nullable: true }) school: string | null;
}

class SubmissionDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() reference: string;
  @ApiProperty({ enum: REVIEW_STATUSES }) status: ReviewStatus;
  @ApiProperty({ format: 'date-time' }) submittedAt: Date;
  @ApiProperty({ enum: ELIGIBILITIES }) eligibility: Eligibility;
  @ApiProperty({ type: Number, nullable: true }) averageScore: number | null;
  @ApiProperty() reviewCount: number;
  @ApiProperty({ type: Number, nullable: true }) myScore: number | null;
  @ApiProperty() blindReview: boolean;
  @ApiProperty({ type: ApplicantProfileDto, nullable: true, description: 'null under blind review' }) applicant: ApplicantProfileDto | null;
  @ApiProperty({ type: FormDto, description: 'The requirement form version the application is pinned to' }) form: FormDto;
  @ApiProperty({ type: 'object', additionalProperties: true }) answers: Record<string, unknown>;
}
export class SubmissionResponseDto extends ApiResponseBase {
  @ApiProperty({ type: SubmissionDto }) data: SubmissionDto;
}

export class ReviewSettingsResponseDto extends ApiResponseBase {
  @ApiProperty({ type: ReviewSettingsDto }) data: ReviewSettingsDto;
}

class StatusUndoDto {
  @ApiProperty({ format: 'date-time', description: "When the applicant's message leaves; until then `POST …/status/undo` takes the move back" }) until: string;
  @ApiProperty({ enum: REVIEW_STATUSES, description: 'The status an undo restores: the one the applicant was last told of' }) restores: ReviewStatus;
}
class StatusAnswerDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: REVIEW_STATUSES }) status: ReviewStatus;
  @ApiProperty({ type: StatusUndoDto, nullable: true, description: "Present while the applicant's message about the move waits; null when nothing is waiting (sent, or nothing to tell)" })
  undo: StatusUndoDto | null;
}
export class ReviewStatusResponseDto extends ApiResponseBase {
  @ApiProperty({ type: StatusAnswerDto }) data: StatusAnswerDto;
}

class RankCriterionDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiPropertyOptional() description?: string;
  @ApiProperty() weight: number;
  @ApiProperty() maxPoints: number;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true }) extra?: Record<string, unknown>;
}
class RubricDto {
  @ApiProperty({ type: [RankCriterionDto] }) criteria: RankCriterionDto[];
  @ApiProperty({ type: FormDto, description: 'compileScoringForm(criteria): one whole number per criterion, keyed by its id' }) scoringForm: FormDto;
}
export class RubricResponseDto extends ApiResponseBase {
  @ApiProperty({ type: RubricDto }) data: RubricDto;
}

class MyPointsDto {
  @ApiProperty({ type: 'object', additionalProperties: { type: 'number' } }) points: Record<string, number>;
  @ApiProperty() total: number;
  @ApiProperty({ format: 'date-time' }) updatedAt: Date;
}
class ReviewerPointsDto extends MyPointsDto {
  @ApiProperty({ format: 'uuid' }) reviewerId: string;
  @ApiProperty() name: string;
}
class PointsDto {
  @ApiProperty({ type: FormDto }) scoringForm: FormDto;
  @ApiProperty({ type: MyPointsDto, nullable: true }) mine: MyPointsDto | null;
  @ApiProperty({ type: [ReviewerPointsDto] }) reviewers: ReviewerPointsDto[];
  @ApiProperty({ type: Number, nullable: true }) average: number | null;
  @ApiProperty() reviewCount: number;
}
export class PointsResponseDto extends ApiResponseBase {
  @ApiProperty({ type: PointsDto }) data: PointsDto;
}

class DecisionDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: ['hand', 'draw'] }) method: 'hand' | 'draw';
  @ApiProperty({ type: String, nullable: true, description: '64 hex digits (draws)' }) seed: string | null;
  @ApiProperty() count: number;
  @ApiProperty({ type: [String] }) candidateIds: string[];
  @ApiProperty({ type: [String] }) winnerIds: string[];
  @ApiProperty({ format: 'date-time' }) decidedAt: Date;
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
  @ApiProperty() count: number;
}
class ActivityDto {
  @ApiProperty({ type: [ActivityDayDto] }) days: ActivityDayDto[];
}
export class ActivityResponseDto extends ApiResponseBase {
  @ApiProperty({ type: ActivityDto }) data: ActivityDto;
}

class SentDto {
  @ApiProperty() sent: number;
}
export class SentResponseDto extends ApiResponseBase {
  @ApiProperty({ type: SentDto }) data: SentDto;
}

class InvitationDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() email: string;
  @ApiProperty({ format: 'date-time' }) expiresAt: Date;
  @ApiProperty({ format: 'date-time' }) createdAt: Date;
  @ApiProperty({ description: 'The address already has a reviewer account: it accepts by logging in with it, not by signing up' }) existingAccount: boolean;
}
export class InvitationResponseDto extends ApiResponseBase {
  @ApiProperty({ type: InvitationDto }) data: InvitationDto;
}
class ReviewerDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() firstName: string;
  @ApiProperty() lastName: string;
  @ApiProperty() email: string;
  @ApiProperty({ format: 'date-time' }) joinedAt: Date;
}
class ReviewersDto {
  @ApiProperty({ type: [ReviewerDto] }) reviewers: ReviewerDto[];
  @ApiProperty({ type: [InvitationDto] }) invitations: InvitationDto[];
}
export class ReviewersResponseDto extends ApiResponseBase {
  @ApiProperty({ type: ReviewersDto }) data: ReviewersDto;
}
class RemovedDto {
  @ApiProperty() removed: boolean;
}
export class RemovedResponseDto extends ApiResponseBase {
  @ApiProperty({ type: RemovedDto }) data: RemovedDto;
}
class PublicInvitationDto {
  @ApiProperty() email: string;
  @ApiProperty() organisationName: string;
  @ApiProperty({ format: 'date-time' }) expiresAt: Date;
  @ApiProperty({ description: 'The address has a reviewer account: accept with its password (POST …/join), not the sign-up form' }) existingAccount: boolean;
}
export class PublicInvitationResponseDto extends ApiResponseBase {
  @ApiProperty({ type: PublicInvitationDto }) data: PublicInvitationDto;
}
