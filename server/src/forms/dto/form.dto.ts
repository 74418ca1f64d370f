import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import { ApiResponseBase } from '../../common/api-response.js';

export class FormDto {
  @ApiProperty({ example: 'profile-basic' })
  key: string;

  @ApiProperty({ description: 'Content hash of schema + uiSchema; also the ETag', example: '1d8e88eeceae9f2a' })
  version: string;

  @ApiProperty({ example: { type: 'object', properties: { gpa: { type: 'number', title: 'GPA' } } }, type: 'object', additionalProperties: true, description: 'JSON Schema (ajv, draft-07) with ajv-errors messages' })
  schema: Record<string, unknown>;

  @ApiProperty({ example: { gpa: { 'ui:widget': 'updown' } }, type: 'object', additionalProperties: true, description: 'react-jsonschema-form UI schema' })
  uiSchema: Record<string, unknown>;

  @ApiProperty({
    description: "This version's validator, precompiled: an ES module to import (RJSF's precompiled-validator format)",
    example: '/api/v1/forms/profile-basic/validator.js?version=1d8e88eeceae9f2a',
  })
  validatorUrl: string;
}

export class FormResponseDto extends ApiResponseBase {
  @ApiProperty({ type: FormDto })
  data: FormDto;
}

export class FieldDefinitionDto {
  @ApiProperty({ example: 7 })
  id: number;

  @ApiProperty({ example: 'gender' })
  key: string;

  @ApiProperty({ example: 'Gender' })
  name: string;

  @ApiProperty({ example: 'select' })
  dataType: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'Map of option value to label',
    example: { '1': 'Female', '2': 'Male', '3': 'Other' },
  })
  options: Record<string, string>;
}

export class FieldDefinitionsResponseDto extends ApiResponseBase {
  @ApiProperty({ type: [FieldDefinitionDto] })
  data: FieldDefinitionDto[];
}

/** `?version=` of a validator module: required, since a module belongs to exactly one version. */
export class ValidatorModuleQueryDto {
  @ApiProperty({ description: "The form version the module validates (the form's `version`)", example: '1d8e88eeceae9f2a' })
  @Matches(/^[0-9a-f]{16}$/, { message: 'version must be a form version' })
  version: string;
}
