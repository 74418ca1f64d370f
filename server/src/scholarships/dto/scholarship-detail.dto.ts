import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { APPLICATION_STATUSES, type ApplicationStatus, CRITERION_OPERATORS, REQUIREMENT_KINDS, REVIEW_STATUSES, type ReviewStatus } from '@scholarmatch/schemas';
import { IsIn, IsObject, IsOptional } from 'class-validator';
import { ApiResponseBase } from '../../common/api-response.js';
import { EligibleScholarshipDto } from './eligible-scholarships.dto.js';

export class EligibilityFiltersDto {
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description:
      "Answers keyed 'field.{fieldId}' or 'field.{fieldKey}' (the original spelling 'eligiblityFilters' is kept): the answers given so far, e.g. current school level, field of study and date of birth. Rules on fields not given do not exclude.",
    example: { 'field.7': 'college-senior', 'field.dob': '2008-05-01' },
  })
  @IsOptional()
  @IsObject()
  eligiblityFilters?: Record<string, unknown>;
}

class EligibilityStatsDto {
  @ApiProperty({ description: 'Open scholarships no given answer rules out' }) counts: number;
  @ApiProperty({ description: 'Their combined value, whole USD' }) totalValue: number;
}

export class EligibilityStatsResponseDto extends ApiResponseBase {
  @ApiProperty({ type: EligibilityStatsDto })
  data: EligibilityStatsDto;
}

export class MyScholarshipsQueryDto {
  @ApiPropertyOptional({ enum: APPLICATION_STATUSES, description: 'Received (the Applied tab) or Draft; both when absent' })
  @IsOptional()
  @IsIn(APPLICATION_STATUSES)
  status?: ApplicationStatus;
}

export class MyScholarshipDto extends EligibleScholarshipDto {
  @ApiProperty({ enum: APPLICATION_STATUSES }) scholarshipStatus: ApplicationStatus;
  @ApiProperty({ enum: REVIEW_STATUSES, nullable: true, description: "Where the provider has moved a submitted application (docs/review.md); null for a draft" })
  reviewStatus: ReviewStatus | null;
  @ApiProperty({ description: 'When the application last changed' }) updatedAt: Date;
  @ApiProperty({ type: Date, nullable: true, description: 'When automatic application sent it (docs/automation.md); null when the applicant did' })
  appliedAutomaticallyAt: Date | null;
}

export class MyScholarshipsResponseDto extends ApiResponseBase {
  @ApiProperty({ type: [MyScholarshipDto] })
  data: MyScholarshipDto[];
}

class RequirementFieldDto {
  @ApiProperty() key: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: REQUIREMENT_KINDS }) dataType: string;
}

export class RequirementDto {
  @ApiProperty() id: string;
  @ApiProperty() title: string;
  @ApiPropertyOptional() description?: string;
  @ApiProperty({ description: 'May be left empty' }) optional: boolean;
  @ApiProperty({ type: RequirementFieldDto }) field: RequirementFieldDto;
}

class RuleExplanationDto {
  @ApiProperty() fieldKey: string;
  @ApiProperty({ description: "The field's name, or the key when the field no longer exists" }) fieldName: string;
  @ApiProperty({ enum: CRITERION_OPERATORS }) operator: string;
  @ApiPropertyOptional({ description: 'The bound: a value, a list or [min, max]' }) value?: unknown;
  @ApiProperty({ enum: ['pass', 'fail', 'missing'], description: 'missing: the profile has no answer for the field' }) verdict: string;
}

class MatchExplanationDto {
  @ApiProperty({ enum: ['eligible', 'missing', 'ineligible'] }) outcome: string;
  @ApiProperty({ type: [RuleExplanationDto] }) rules: RuleExplanationDto[];
}

export class ScholarshipDetailDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() title: string;
  @ApiProperty({ description: 'Sanitised HTML' }) description: string;
  @ApiProperty({ type: [Number] }) amounts: number[];
  @ApiProperty({ type: Number, nullable: true }) award: number | null;
  @ApiProperty({ description: 'Whole USD' }) totalAmount: number;
  @ApiProperty({ type: 'object', properties: { deadline: { type: 'string' }, repeat: { type: 'string' } } }) recurrenceConfig: { deadline?: string; repeat?: string };
  @ApiProperty({ enum: ['draft', 'published', 'closed'] }) status: string;
  @ApiProperty({ type: 'object', properties: { firstName: { type: 'string' } }, description: 'The sponsor' }) user: { firstName: string };
  @ApiProperty({ type: [RequirementDto] }) requirements: RequirementDto[];
  @ApiProperty() isLiked: boolean;
  @ApiProperty({ enum: APPLICATION_STATUSES, nullable: true, description: "The applicant's application, if any" }) scholarshipStatus: ApplicationStatus | null;
  @ApiProperty({ type: MatchExplanationDto }) match: MatchExplanationDto;
}

export class ScholarshipDetailResponseDto extends ApiResponseBase {
  @ApiProperty({ type: ScholarshipDetailDto })
  data: ScholarshipDetailDto;
}
