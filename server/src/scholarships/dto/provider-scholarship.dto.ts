import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { CRITERION_OPERATORS, REQUIREMENT_KINDS, type CriterionOperator, type RequirementKind } from '@scholarmatch/schemas';
import { Type } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsUUID,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { ApiResponseBase } from '../../common/api-response.js';
import { IsOptionalNotNull } from '../../common/validation.pipe.js';
import { SCHOLARSHIP_STATUSES, type ScholarshipStatus } from '../scholarship.entity.js';

/** What a rule's bound may be: one value, a list, or [min, max] (docs/api.md, "Eligibility criteria"). */
export const CRITERION_VALUE_SCHEMAS = [
  { type: 'string' },
  { type: 'number' },
  { type: 'boolean' },
  { type: 'array', items: { oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] } },
];

export class EligibilityRuleDto {
  @ApiPropertyOptional({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', format: 'uuid', description: 'Given by the server when the rule is stored; send it back to keep the rule' })
  @IsOptional()
  @IsUUID()
  id?: string;

  @ApiProperty({ example: 'gpa', description: 'The key of a profile field' })
  @IsString()
  @MaxLength(64)
  fieldKey: string;

  @ApiProperty({ enum: CRITERION_OPERATORS, example: 'gte', description: 'Allowed operators depend on the field type (docs/api.md)' })
  @IsIn(CRITERION_OPERATORS)
  operator: CriterionOperator;

  @ApiPropertyOptional({
    description: 'eq/neq/gte/lte: one value; in/nin: a list; between/ageBetween: [min, max]; exists: none',
    example: 3.5,
    oneOf: CRITERION_VALUE_SCHEMAS,
  })
  @Allow()
  value?: unknown;
}

export class RequirementInputDto {
  @ApiProperty({ example: 'Personal essay' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  title: string;

  @ApiPropertyOptional({ example: 'Tell us about a challenge you overcame (about 500 words).' })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  description?: string;

  @ApiProperty({ enum: REQUIREMENT_KINDS, example: 'editor' })
  @IsIn(REQUIREMENT_KINDS)
  dataType: RequirementKind;

  @ApiPropertyOptional({ example: false, default: false, description: 'true: may be left empty; required ones carry the asterisk' })
  @IsOptional()
  @IsBoolean()
  optional?: boolean;

  @ApiPropertyOptional({ example: 'essay', description: "The answer's key (e.g. 'essay', 'cv'); made from the title when absent" })
  @IsOptional()
  @Matches(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, { message: 'A requirement key has letters, digits and _ only.' })
  key?: string;
}

class RecurrenceConfigDto {
  @ApiPropertyOptional({ example: '2027-03-31', description: 'YYYY-MM-DD' })
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'The deadline is a date YYYY-MM-DD.' })
  deadline?: string;

  @ApiPropertyOptional({ example: 'none', enum: ['none', 'yearly'], default: 'none' })
  @IsOptional()
  @IsIn(['none', 'yearly'])
  repeat?: 'none' | 'yearly';
}

export class CreateScholarshipDto {
  @ApiProperty({ example: 'First-Generation STEM Scholarship' })
  @IsString()
  @IsNotEmpty({ message: 'A scholarship needs a title.' })
  @MaxLength(200)
  title: string;

  @ApiPropertyOptional({ description: 'HTML; sanitised before it is stored', example: '<p>For students who are the first in their family to attend college.</p>' })
  @IsOptional()
  @IsString()
  @MaxLength(50_000)
  description?: string;

  @ApiPropertyOptional({ type: [Number], description: 'Whole US dollars; the total is their sum', example: [2000, 500] })
  @IsOptionalNotNull() // null would clear a column that cannot be empty
  @IsArray()
  @ArrayMaxSize(20)
  @IsInt({ each: true })
  @Min(0, { each: true })
  @Max(10_000_000, { each: true })
  amounts?: number[];

  @ApiPropertyOptional({ description: 'A single award in whole US dollars (instead of amounts)', example: 5000 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(10_000_000)
  award?: number;

  @ApiPropertyOptional({ type: RecurrenceConfigDto })
  @IsOptionalNotNull() // null would clear a column that cannot be empty
  @ValidateNested()
  @Type(() => RecurrenceConfigDto)
  recurrenceConfig?: RecurrenceConfigDto;

  @ApiPropertyOptional({ type: [EligibilityRuleDto], description: 'No rules: open to every applicant' })
  @IsOptionalNotNull() // null would clear a column that cannot be empty
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => EligibilityRuleDto)
  criteria?: EligibilityRuleDto[];

  @ApiPropertyOptional({ type: [RequirementInputDto], description: 'No requirements: Easy Apply' })
  @IsOptionalNotNull() // null would clear a column that cannot be empty
  @IsArray()
  @ArrayMaxSize(30)
  @ValidateNested({ each: true })
  @Type(() => RequirementInputDto)
  requirements?: RequirementInputDto[];
}

/** Any subset of the fields; a field sent as null is refused (400), not stored. */
export class UpdateScholarshipDto extends PartialType(CreateScholarshipDto, { skipNullProperties: false }) {}

class RequirementOptionsDto {
  @ApiPropertyOptional({ example: 500, description: 'text and essay: at most this many words' }) wordLimit?: number;
  @ApiPropertyOptional({ example: 'document', enum: ['document', 'image'], description: 'file: documents (PDF, DOC, DOCX) or images (JPG, PNG)' }) fileKinds?: 'document' | 'image';
}

export class RequirementDto {
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83' }) id: string;
  @ApiProperty({ example: 'Personal essay' }) title: string;
  @ApiPropertyOptional({ example: 'Tell us about a challenge you overcame (about 500 words).' }) description?: string;
  @ApiProperty({ example: false }) optional: boolean;
  @ApiProperty({ example: { key: 'essay', name: 'Personal essay', dataType: 'editor' }, type: 'object', properties: { key: { type: 'string' }, name: { type: 'string' }, dataType: { type: 'string', enum: [...REQUIREMENT_KINDS] } } })
  field: { key: string; name: string; dataType: RequirementKind };
  @ApiPropertyOptional({ type: RequirementOptionsDto }) options?: RequirementOptionsDto;
  @ApiPropertyOptional({ example: {}, type: 'object', additionalProperties: true, description: 'Answers of fields an admin added to the requirement editor form' })
  extra?: Record<string, unknown>;
}

/** A served form's answers, keyed by field key (docs/providers.md). */
export class FormAnswersDto {
  @ApiProperty({ type: 'object', additionalProperties: true, description: "The served form's answers by field key", example: { title: 'First-Generation STEM Scholarship' } })
  @IsObject()
  answers: Record<string, unknown>;
}

export class ProviderScholarshipDto {
  @ApiProperty({ example: '3f6c2a8e-5b1d-4c7e-9a2f-8d4b6e1c0a57', format: 'uuid' }) id: string;
  @ApiProperty({ example: 'First-Generation Scholars Award' }) title: string;
  @ApiProperty({ example: '<p>For students who are the first in their family to go to college.</p>', description: 'Sanitised HTML' }) description: string;
  @ApiProperty({ example: [5000], type: [Number] }) amounts: number[];
  @ApiProperty({ example: 5000, type: Number, nullable: true }) award: number | null;
  @ApiProperty({ example: 5000, description: 'The sum of amounts, or the award (whole USD)' }) totalAmount: number;
  @ApiProperty({ type: RecurrenceConfigDto }) recurrenceConfig: RecurrenceConfigDto;
  @ApiProperty({ example: 'draft', enum: SCHOLARSHIP_STATUSES }) status: ScholarshipStatus;
  @ApiProperty({ type: String, nullable: true, example: '2027-03-31', description: 'YYYY-MM-DD' }) deadline: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'first-generation-stem', description: 'The public page is /scholarships/{slug}' }) slug: string | null;
  @ApiProperty({ type: [EligibilityRuleDto] }) criteria: EligibilityRuleDto[];
  @ApiProperty({ type: [RequirementDto] }) requirements: RequirementDto[];
  @ApiProperty({ example: { title: 'First-Generation Scholars Award' }, type: 'object', additionalProperties: true, description: "The scholarship-editor form's answers" }) editor: Record<string, unknown>;
  @ApiProperty({ example: 3, description: 'Submitted (Received) applications' }) applicationsCount: number;
  @ApiProperty({ example: 3, description: 'Applications still in draft' }) draftsCount: number;
  @ApiProperty({ example: 1, description: "Which cycle of a recurring scholarship this is: 1, then one more each year (docs/automation.md)" }) cycle: number;
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', type: String, format: 'uuid', nullable: true, description: 'The cycle before this one' }) previousCycleId: string | null;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', type: String, nullable: true }) publishedAt: Date | null;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z' }) createdAt: Date;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z' }) updatedAt: Date;
}

export class ProviderScholarshipResponseDto extends ApiResponseBase {
  @ApiProperty({ type: ProviderScholarshipDto })
  data: ProviderScholarshipDto;
}

export class ProviderScholarshipListResponseDto extends ApiResponseBase {
  @ApiProperty({ type: [ProviderScholarshipDto] })
  data: ProviderScholarshipDto[];
}

// The applicants overview: the provider's scholarships paged, searched and filtered on the server (docs/review.md, "Overview")

export class ScholarshipOverviewQueryDto {
  @ApiPropertyOptional({ maxLength: 100, description: 'Part of the title, case-insensitive' })
  @IsOptional() @IsString() @MaxLength(100)
  search?: string;

  @ApiPropertyOptional({ enum: SCHOLARSHIP_STATUSES })
  @IsOptional() @IsIn(SCHOLARSHIP_STATUSES, { message: `status must be one of ${SCHOLARSHIP_STATUSES.join(', ')}` })
  status?: ScholarshipStatus;

  @ApiPropertyOptional({ enum: ['true', 'false'], default: 'false', description: 'Include drafts nobody has applied to (hidden by default)' })
  @IsOptional() @IsIn(['true', 'false'], { message: 'emptyDrafts must be true or false' })
  emptyDrafts?: 'true' | 'false';

  @ApiPropertyOptional({ default: 0 })
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(1_000_000)
  offset?: number;

  @ApiPropertyOptional({ default: 20, minimum: 1, maximum: 100 })
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100)
  limit?: number;
}

export class ScholarshipOverviewRowDto {
  @ApiProperty({ example: '3f6c2a8e-5b1d-4c7e-9a2f-8d4b6e1c0a57', format: 'uuid' }) id: string;
  @ApiProperty({ example: 'First-Generation Scholars Award' }) title: string;
  @ApiProperty({ example: 'published', enum: SCHOLARSHIP_STATUSES }) status: ScholarshipStatus;
  @ApiProperty({ type: String, nullable: true, example: '2027-03-31', description: 'YYYY-MM-DD' }) deadline: string | null;
  @ApiProperty({ example: 3, description: 'Submitted (Received) applications' }) applicationsCount: number;
  @ApiProperty({ example: 3, description: 'Applications still in draft' }) draftsCount: number;
}

export class ScholarshipOverviewDto {
  @ApiProperty({ example: 3, description: 'Scholarships matching the filters' }) total: number;
  @ApiProperty({ example: 0 }) offset: number;
  @ApiProperty({ example: 20 }) limit: number;
  @ApiProperty({ example: 1, description: 'Drafts nobody has applied to that the filters leave out (0 when they are shown)' }) hiddenEmptyDrafts: number;
  @ApiProperty({ type: [ScholarshipOverviewRowDto] }) scholarships: ScholarshipOverviewRowDto[];
}

export class ScholarshipOverviewResponseDto extends ApiResponseBase {
  @ApiProperty({ type: ScholarshipOverviewDto })
  data: ScholarshipOverviewDto;
}
