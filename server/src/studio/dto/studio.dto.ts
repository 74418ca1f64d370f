import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsObject, IsOptional, IsUUID, ValidateNested } from 'class-validator';
import { ApiResponseBase } from '../../common/api-response.js';
import { EligibilityRuleDto, RequirementDto } from '../../scholarships/dto/provider-scholarship.dto.js';

/** One entry of the requirement builder: the requirement-editor form's answers, and its id once stored. */
export class RequirementDraftDto {
  @ApiPropertyOptional({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', format: 'uuid', description: "A stored requirement's id: it keeps its answer key, so applicants' drafts keep their answers" })
  @IsOptional()
  @IsUUID()
  id?: string;

  @ApiProperty({ type: 'object', additionalProperties: true, description: "The requirement-editor form's answers", example: { requirementTitle: 'Personal essay', requirementKind: 'editor', wordLimit: 500 } })
  @IsObject()
  answers: Record<string, unknown>;
}

export class RequirementDraftsDto {
  @ApiProperty({ type: [RequirementDraftDto], description: 'In the order applicants will see them' })
  @IsArray()
  @ArrayMaxSize(30)
  @ValidateNested({ each: true })
  @Type(() => RequirementDraftDto)
  requirements: RequirementDraftDto[];
}

class RequirementListDto {
  @ApiProperty({ type: [RequirementDto] }) requirements: RequirementDto[];
}

export class RequirementListResponseDto extends ApiResponseBase {
  @ApiProperty({ type: RequirementListDto }) data: RequirementListDto;
}

export class CriteriaDto {
  @ApiProperty({ type: [EligibilityRuleDto], description: 'No rules: open to every applicant' })
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => EligibilityRuleDto)
  criteria: EligibilityRuleDto[];
}

export class CriteriaResponseDto extends ApiResponseBase {
  @ApiProperty({ type: CriteriaDto }) data: CriteriaDto;
}

export class CriterionResponseDto extends ApiResponseBase {
  @ApiProperty({ type: EligibilityRuleDto }) data: EligibilityRuleDto;
}

class MissingFieldCountDto {
  @ApiProperty({ example: 'gpa' }) fieldKey: string;
  @ApiProperty({ example: 'GPA' }) name: string;
  @ApiProperty({ example: 3, description: 'Applicants who would be eligible if they answered this field' }) count: number;
}

export class EligibilityCountDto {
  @ApiProperty({ example: 1, description: 'Applicants these rules make eligible now' }) eligible: number;
  @ApiProperty({ example: 3, description: 'All applicants' }) total: number;
  @ApiProperty({ type: [MissingFieldCountDto], description: 'Largest first' }) missing: MissingFieldCountDto[];
}

export class EligibilityCountResponseDto extends ApiResponseBase {
  @ApiProperty({ type: EligibilityCountDto }) data: EligibilityCountDto;
}

class ValueFormDto {
  @ApiProperty({ example: { type: 'object', properties: { gpa: { type: 'number', title: 'GPA' } } }, type: 'object', additionalProperties: true }) schema: Record<string, unknown>;
  @ApiProperty({ example: { gpa: { 'ui:widget': 'updown' } }, type: 'object', additionalProperties: true }) uiSchema: Record<string, unknown>;
}

class OperatorChoiceDto {
  @ApiProperty({ example: 'gte' }) operator: string;
  @ApiProperty({ example: 'is at least' }) label: string;
  @ApiProperty({ type: ValueFormDto, nullable: true, description: "The form asking the rule's value: answers { value }, or { min, max } for a range; null for 'exists'" })
  value: ValueFormDto | null;
}

class CriterionFieldChoiceDto {
  @ApiProperty({ example: 'gpa' }) key: string;
  @ApiProperty({ example: 'GPA' }) name: string;
  @ApiProperty({ example: 'grade' }) dataType: string;
  @ApiProperty({ type: [OperatorChoiceDto] }) operators: OperatorChoiceDto[];
}

class CriteriaVocabularyDto {
  @ApiProperty({ type: [CriterionFieldChoiceDto] }) fields: CriterionFieldChoiceDto[];
}

export class CriteriaVocabularyResponseDto extends ApiResponseBase {
  @ApiProperty({ type: CriteriaVocabularyDto }) data: CriteriaVocabularyDto;
}

class PublicProviderDto {
  @ApiProperty({ example: 'Hopper Foundation' }) name: string;
  @ApiProperty({ example: 'https://gracehopper.example.org', type: String, nullable: true }) website: string | null;
  @ApiProperty({ example: 'https://cdn.scholarmatch.example/logos/grace-hopper-foundation.png', type: String, nullable: true }) logoUrl: string | null;
}

class PublicRequirementDto {
  @ApiProperty({ example: 'First-Generation Scholars Award' }) title: string;
  @ApiProperty({ example: 'editor' }) kind: string;
  @ApiProperty({ example: false }) optional: boolean;
}

export class PublicScholarshipDto {
  @ApiProperty({ example: '3f6c2a8e-5b1d-4c7e-9a2f-8d4b6e1c0a57', format: 'uuid' }) id: string;
  @ApiProperty({ example: 'first-generation-scholars-award' }) slug: string;
  @ApiProperty({ example: 'First-Generation Scholars Award' }) title: string;
  @ApiProperty({ example: '<p>For students who are the first in their family to go to college.</p>', description: 'Sanitised HTML' }) description: string;
  @ApiProperty({ example: 5000, description: 'Whole USD, all awards together' }) totalAmount: number;
  @ApiProperty({ example: [5000], type: [Number] }) amounts: number[];
  @ApiProperty({ example: '2027-03-31', type: String, nullable: true }) deadline: string | null;
  @ApiProperty({ example: 'published', enum: ['published', 'closed'] }) status: string;
  @ApiProperty({ example: true, description: 'Published and the deadline not passed' }) open: boolean;
  @ApiProperty({ type: PublicProviderDto }) provider: PublicProviderDto;
  @ApiProperty({ type: [PublicRequirementDto] }) requirements: PublicRequirementDto[];
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', type: String, nullable: true }) publishedAt: Date | null;
}

export class PublicScholarshipResponseDto extends ApiResponseBase {
  @ApiProperty({ type: PublicScholarshipDto }) data: PublicScholarshipDto;
}
