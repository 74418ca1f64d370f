import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { APPLICATION_STATUSES, type ApplicationStatus, CRITERION_OPERATORS, REQUIREMENT_KINDS, REVIEW_STATUSES, type ReviewStatus } from '@scholarmatch/schemas';
import { IsIn, IsObject, IsOptional } from 'class-validator';
import { ApiResponseBase } from '../../common/api-response.js';
import { EligibleScholarshipDto } from './eligible-scholarships.dto.js';
import { CRITERION_VALUE_SCHEMAS } from './provider-scholarship.dto.js';

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
  @ApiProperty({ example: 3, description: 'Open scholarships no given answer rules out' }) counts: number;
  @ApiProperty({ example: 5000, description: 'Their combined value, whole USD' }) totalValue: number;
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
  @ApiProperty({ example: 'Received', enum: APPLICATION_STATUSES }) scholarshipStatus: ApplicationStatus;
  @ApiProperty({ example: 'Received', enum: REVIEW_STATUSES, nullable: true, description: "Where the provider has moved a submitted application (docs/review.md); null for a draft" })
  reviewStatus: ReviewStatus | null;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', description: 'When the application last changed' }) updatedAt: Date;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', type: Date, nullable: true, description: 'When automatic application sent it (docs/automation.md); null when the applicant did' })
  appliedAutomaticallyAt: Date | null;
}

export class MyScholarshipsResponseDto extends ApiResponseBase {
  @ApiProperty({ type: [MyScholarshipDto] })
  data: MyScholarshipDto[];
}

class RequirementFieldDto {
  @ApiProperty({ example: 'essay' }) key: string;
  @ApiProperty({ example: 'Personal essay' }) name: string;
  @ApiProperty({ example: 'file', enum: REQUIREMENT_KINDS }) dataType: string;
}

export class RequirementDto {
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83' }) id: string;
  @ApiProperty({ example: 'Personal essay' }) title: string;
  @ApiPropertyOptional({ example: 'Tell us about a challenge you overcame (about 500 words).' }) description?: string;
  @ApiProperty({ example: false, description: 'May be left empty' }) optional: boolean;
  @ApiProperty({ example: { key: 'essay', name: 'Personal essay', dataType: 'editor' }, type: RequirementFieldDto }) field: RequirementFieldDto;
}

class RuleExplanationDto {
  @ApiProperty({ example: 'gpa' }) fieldKey: string;
  @ApiProperty({ example: 'GPA', description: "The field's name, or the key when the field no longer exists" }) fieldName: string;
  @ApiProperty({ example: 'eq', enum: CRITERION_OPERATORS }) operator: string;
  @ApiPropertyOptional({ example: 3.5, oneOf: CRITERION_VALUE_SCHEMAS, description: 'The bound: a value, a list or [min, max]' }) value?: unknown;
  @ApiProperty({ example: 'pass', enum: ['pass', 'fail', 'missing'], description: 'missing: the profile has no answer for the field' }) verdict: string;
}

class MatchExplanationDto {
  @ApiProperty({ example: 'eligible', enum: ['eligible', 'missing', 'ineligible'] }) outcome: string;
  @ApiProperty({ type: [RuleExplanationDto] }) rules: RuleExplanationDto[];
}

export class ScholarshipDetailDto {
  @ApiProperty({ example: '3f6c2a8e-5b1d-4c7e-9a2f-8d4b6e1c0a57', format: 'uuid' }) id: string;
  @ApiProperty({ example: 'First-Generation Scholars Award' }) title: string;
  @ApiProperty({ example: '<p>For students who are the first in their family to go to college.</p>', description: 'Sanitised HTML' }) description: string;
  @ApiProperty({ example: [5000], type: [Number] }) amounts: number[];
  @ApiProperty({ example: 5000, type: Number, nullable: true }) award: number | null;
  @ApiProperty({ example: 5000, description: 'Whole USD' }) totalAmount: number;
  @ApiProperty({ example: { deadline: '2027-03-31', repeat: 'yearly' }, type: 'object', properties: { deadline: { type: 'string' }, repeat: { type: 'string' } } }) recurrenceConfig: { deadline?: string; repeat?: string };
  @ApiProperty({ example: 'published', enum: ['draft', 'published', 'closed'] }) status: string;
  @ApiProperty({ example: { firstName: 'Grace Hopper Foundation' }, type: 'object', properties: { firstName: { type: 'string' } }, description: 'The sponsor' }) user: { firstName: string };
  @ApiProperty({ type: [RequirementDto] }) requirements: RequirementDto[];
  @ApiProperty({ example: true }) isLiked: boolean;
  @ApiProperty({ example: 'Received', enum: APPLICATION_STATUSES, nullable: true, description: "The applicant's application, if any" }) scholarshipStatus: ApplicationStatus | null;
  @ApiProperty({ type: MatchExplanationDto }) match: MatchExplanationDto;
}

export class ScholarshipDetailResponseDto extends ApiResponseBase {
  @ApiProperty({ type: ScholarshipDetailDto })
  data: ScholarshipDetailDto;
}
