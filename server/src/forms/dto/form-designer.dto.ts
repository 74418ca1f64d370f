import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { ApiResponseBase } from '../../common/api-response.js';
import { trim } from '../../common/transforms.js';
import { DIFF_CHANGES } from '../form-diff.js';
import { AdminFieldDefinitionDto } from './admin-field.dto.js';
import { FormDto } from './form.dto.js';

const DRAFT_STATES = ['added', 'changed', 'removed'];

export class DraftFieldDto extends AdminFieldDefinitionDto {
  @ApiProperty({ example: 'added', enum: DRAFT_STATES, nullable: true, description: "How the shared draft changes it (null: as published). A field new in the draft has a negative id (minus its draft row's id) until published" })
  draft: 'added' | 'changed' | 'removed' | null;
}

export class DraftFieldResponseDto extends ApiResponseBase {
  @ApiProperty({ type: DraftFieldDto }) data: DraftFieldDto;
}

export class DraftFieldListResponseDto extends ApiResponseBase {
  @ApiProperty({ type: [DraftFieldDto] }) data: DraftFieldDto[];
}

export class DesignerFormDto {
  @ApiProperty({ example: 'profile-basic' }) key: string;
  @ApiProperty({ example: 'Basic' }) title: string;
  @ApiProperty({ example: 'Your basic details', type: String, nullable: true }) description: string | null;
  @ApiProperty({ example: ['basic'], type: [String], description: 'The sections whose fields the form shows' }) sections: string[];
  @ApiProperty({ example: ['email'], type: [String], description: 'Single fields it borrows from other sections, shown first' }) fieldKeys: string[];
  @ApiProperty({ example: true, description: 'Clients post fixed payloads to it: a field added here is served optional' }) fixedPayload: boolean;
  @ApiProperty({ example: 1, description: "How many of its fields the draft changes" }) draftChanges: number;
}

export class DesignerFormListResponseDto extends ApiResponseBase {
  @ApiProperty({ type: [DesignerFormDto] }) data: DesignerFormDto[];
}

export class FormPreviewDto extends OmitType(FormDto, ['validatorUrl'] as const) {}

export class FormPreviewResponseDto extends ApiResponseBase {
  @ApiProperty({ type: FormPreviewDto }) data: FormPreviewDto;
}

export class DiffChangeDto {
  @ApiProperty({ example: 'firstGeneration' }) key: string;
  @ApiProperty({ example: 'First-generation college student' }) name: string;
  @ApiProperty({ type: [String], example: ['profile-education', 'registration'] }) forms: string[];
  @ApiProperty({ example: 'added', enum: DIFF_CHANGES }) change: string;
  @ApiProperty({ type: [String], example: ["Title: 'A' → 'B'", '2 options added'] }) details: string[];
  @ApiProperty({ description: 'Stored profile answers under the key', example: 0 }) answers: number;
}

export class ScholarshipRefDto {
  @ApiProperty({ example: '3f6c2a8e-5b1d-4c7e-9a2f-8d4b6e1c0a57', format: 'uuid' }) id: string;
  @ApiProperty({ example: 'First-Generation Scholars Award' }) title: string;
}

export class BlockerDto {
  @ApiProperty({ example: 'gpa' }) key: string;
  @ApiProperty({ example: 'GPA' }) name: string;
  @ApiProperty({ type: [ScholarshipRefDto], description: "Published scholarships whose eligibility rules use the field" }) scholarships: ScholarshipRefDto[];
}

export class DraftDiffDto {
  @ApiProperty({ description: 'The latest version the draft would follow', example: 3 }) basedOn: number;
  @ApiProperty({ type: [DiffChangeDto] }) changes: DiffChangeDto[];
  @ApiProperty({ type: [BlockerDto], description: 'Non-empty: publishing is refused (409 FIELD_IN_USE)' }) blockers: BlockerDto[];
}

export class DraftDiffResponseDto extends ApiResponseBase {
  @ApiProperty({ type: DraftDiffDto }) data: DraftDiffDto;
}

export class PublishFormVersionDto {
  @ApiPropertyOptional({ maxLength: 500, example: 'First-generation question on the Education tab' })
  @IsOptional() @Transform(trim) @IsString() @MaxLength(500)
  note?: string;
}

export class FormVersionsQueryDto {
  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100000)
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 20 })
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100)
  limit?: number;
}

export class PersonRefDto {
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', format: 'uuid' }) id: string;
  @ApiProperty({ example: 'Alex Admin' }) name: string;
}

export class FormVersionSummaryDto {
  @ApiProperty({ example: 2 }) number: number;
  @ApiProperty({ example: 'publish', enum: ['publish', 'rollback'] }) kind: string;
  @ApiProperty({ example: 'Adds the GPA field', type: String, nullable: true }) note: string | null;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z' }) publishedAt: Date;
  @ApiProperty({ type: PersonRefDto, nullable: true, description: 'null for version 1, made by the migration' }) publishedBy: PersonRefDto | null;
  @ApiProperty({ example: 1 }) changeCount: number;
}

export class FormVersionDto extends FormVersionSummaryDto {
  @ApiProperty({ type: [DiffChangeDto] }) changes: DiffChangeDto[];
}

export class FormVersionResponseDto extends ApiResponseBase {
  @ApiProperty({ type: FormVersionDto }) data: FormVersionDto;
}

export class FormVersionPageDto {
  @ApiProperty({ type: [FormVersionSummaryDto] }) items: FormVersionSummaryDto[];
  @ApiProperty({ example: 3 }) total: number;
}

export class FormVersionPageResponseDto extends ApiResponseBase {
  @ApiProperty({ type: FormVersionPageDto }) data: FormVersionPageDto;
}

export class FieldOrderDto {
  @ApiProperty({ type: [String], description: "The form's fields in their new order", example: ['gpa', 'firstGeneration'] })
  @IsArray() @ArrayMaxSize(500) @IsString({ each: true }) @MaxLength(64, { each: true })
  keys: string[];
}

export class DiscardedDto {
  @ApiProperty({ example: 1, description: 'How many drafted fields were dropped' }) discarded: number;
}

export class DiscardedResponseDto extends ApiResponseBase {
  @ApiProperty({ type: DiscardedDto }) data: DiscardedDto;
}

export class OptionsQueryDto extends FormVersionsQueryDto {
  @ApiPropertyOptional({ description: 'Part of the label or value, any case', maxLength: 200 })
  @IsOptional() @IsString() @MaxLength(200)
  q?: string;
}

export class NewOptionDto {
  @ApiProperty({ example: 'MT' }) @Transform(trim) @IsString() @MinLength(1) @MaxLength(200) value: string;
  @ApiProperty({ example: 'Montana' }) @Transform(trim) @IsString() @MinLength(1) @MaxLength(500) label: string;
}

export class OptionLabelDto extends OmitType(NewOptionDto, ['value'] as const) {}

export class DraftOptionDto {
  @ApiProperty({ example: 'college-senior' }) value: string;
  @ApiProperty({ example: 'College senior' }) label: string;
  @ApiProperty({ example: 'added', enum: DRAFT_STATES, nullable: true }) draft: string | null;
}

export class DraftOptionResponseDto extends ApiResponseBase {
  @ApiProperty({ type: DraftOptionDto }) data: DraftOptionDto;
}

export class DraftOptionPageDto {
  @ApiProperty({ type: [DraftOptionDto] }) items: DraftOptionDto[];
  @ApiProperty({ example: 3 }) total: number;
}

export class DraftOptionPageResponseDto extends ApiResponseBase {
  @ApiProperty({ type: DraftOptionPageDto }) data: DraftOptionPageDto;
}
