import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsObject, IsOptional, IsUUID, ValidateNested } from 'class-validator';
import { ApiResponseBase } from '../../common/api-response.js';
import { EligibilityRuleDto, RequirementDto } from '../../scholarships/dto/provider-scholarship.dto.js';

/** One entry of the requirement builder: the requirement-editor form's answers, and its id once stored. */
export class RequirementDraftDto {
  @ApiPropertyOptional({ format: 'uuid', description: "A stored requirement's id: it keeps its answer key, so applicants' drafts keep their answers" })
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
  @ApiProperty({ description: 'Applicants who would be eligible if they answered this field' }) count: number;
}

export class EligibilityCountDto {
  @ApiProperty({ description: 'Applicants these rules make eligible now' }) eligible: number;
  @ApiProperty({ description: 'All applicants' }) total: number;
  @ApiProperty({ type: [MissingFieldCountDto], description: 'Largest first' }) missing: MissingFieldCountDto[];
}

export class EligibilityCountResponseDto extends ApiResponseBase {
  @ApiProperty({ type: EligibilityCountDto }) data: EligibilityCountDto;
}

class ValueFormDto {
  @ApiProperty({ type: 'object', additionalProperties: true }) schema: Record<string, unknown>;
  @ApiProperty({ type: 'object', additionalProperties: true }) uiSchema: Record<string, unknown>;
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
  @ApiProperty({ type: String, nullable: true }) website: string | null;
  @ApiProperty({ type: String, nullable: true }) logoUrl: string | null;
}

class PublicRequirementDto {
  @ApiProperty() title: string;
  @ApiProperty({ example: 'editor' }) kind: string;
  @ApiProperty() optional: boolean;
}

export class PublicScholarshipDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() slug: string;
  @ApiProperty() title: string;
  @ApiProperty({ description: 'Sanitised HTML' }) description: string;
  @ApiProperty({ description: 'Whole USD, all awards together' }) totalAmount: number;
  @ApiProperty({ type: [Number] }) amounts: number[];
  @ApiProperty({ type: String, nullable: true }) deadline: string | null;
  @ApiProperty({ enum: ['published', 'closed'] }) status: string;
  @ApiProperty({ description: 'Published and the deadline not passed' }) open: boolean;
  @ApiProperty({ type: PublicProviderDto }) provider: PublicProviderDto;
  @ApiProperty({ type: [PublicRequirementDto] }) requirements: PublicRequirementDto[];
  @ApiProperty({ type: String, nullable: true }) publishedAt: Date | null;
}

export class PublicScholarshipResponseDto extends ApiResponseBase {
  @ApiProperty({ type: PublicScholarshipDto }) data: PublicScholarshipDto;
}
