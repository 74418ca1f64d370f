import { ApiProperty, ApiPropertyOptional, OmitType, PartialType } from '@nestjs/swagger';
import { FIELD_TYPES, type FieldCondition, type FieldOption, type FieldType, type FieldUi, type FieldValidation } from '@scholarmatch/schemas';
import { Allow, IsBoolean, IsOptional } from 'class-validator';
import { ApiResponseBase } from '../../common/api-response.js';

/**
 * A new profile field. The shape is checked here only loosely: the vocabulary's own
 * FIELD_DEFINITION_SCHEMA (schemas/) judges it, so the admin API, the database loader and the
 * compiler agree on what a valid definition is.
 */
export class CreateFieldDefinitionDto {
  @ApiProperty({ example: 'firstGeneration', description: 'Unique; letters, digits and _; cannot change later' })
  @Allow()
  key: string;

  @ApiProperty({ example: 'First-generation college student' })
  @Allow()
  name: string;

  @ApiProperty({ enum: FIELD_TYPES, example: 'select', description: 'Changes only while nobody has answered the field, and never for a system field (409)' })
  @Allow()
  dataType: FieldType;

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'object', required: ['value', 'label'], properties: { value: { type: 'string' }, label: { type: 'string' } } },
    example: [{ value: '1', label: 'Yes' }, { value: '0', label: 'No' }],
    description: 'Ordered choices [{ value, label }]',
  })
  @Allow()
  options?: FieldOption[];

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, example: { required: true }, description: 'FieldValidation (schemas/src/vocabulary.ts)' })
  @Allow()
  validation?: FieldValidation;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, example: { radio: true }, description: 'FieldUi hints' })
  @Allow()
  ui?: FieldUi;

  @ApiProperty({ example: 'education', description: "The form section: 'basic', 'education', 'privacy' or 'contact' for the profile tabs" })
  @Allow()
  section: string;

  @ApiPropertyOptional({ example: 115, description: 'Position within the section (ascending)' })
  @Allow()
  order?: number;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, nullable: true, example: { fieldKey: 'enrolledInCollege', in: ['1'] } })
  @Allow()
  visibleWhen?: FieldCondition | null;
}

/**
 * Everything but the key may change; `active: false` hides the field and keeps its answers. A system
 * field cannot be deactivated nor change its type; another field's type changes only while nobody
 * has answered it (409 SYSTEM_FIELD / FIELD_ANSWERED).
 */
export class UpdateFieldDefinitionDto extends PartialType(OmitType(CreateFieldDefinitionDto, ['key'] as const)) {
  @ApiPropertyOptional({ example: true, description: 'false hides the field from every form and keeps its answers; refused for a system field (409)' })
  @IsOptional()
  @IsBoolean()
  active?: boolean;
}

export class AdminFieldDefinitionDto extends CreateFieldDefinitionDto {
  @ApiProperty({ example: 1 }) id: number;
  @ApiProperty({ example: 'account', enum: ['account', 'profile'], description: "'account': a column of the applicant; 'profile': an answer in applicantFields" }) target: string;
  @ApiProperty({ example: true }) active: boolean;
  @ApiPropertyOptional({ example: true, description: 'The product relies on this field: it stays active and keeps its type' }) system?: boolean;
}

export class AdminFieldResponseDto extends ApiResponseBase {
  @ApiProperty({ type: AdminFieldDefinitionDto })
  data: AdminFieldDefinitionDto;
}

export class AdminFieldListResponseDto extends ApiResponseBase {
  @ApiProperty({ type: [AdminFieldDefinitionDto] })
  data: AdminFieldDefinitionDto[];
}
