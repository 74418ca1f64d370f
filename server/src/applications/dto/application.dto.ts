import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { REQUIREMENT_KINDS, APPLICATION_STATUSES, type ApplicationStatus } from '@scholarmatch/schemas';
import { Type } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { ApiResponseBase } from '../../common/api-response.js';
import { FieldErrorDto } from '../../common/error-body.js';

/** Where an application came from when not the product itself (the column's check: migrations/1795910000000-EmbedReferrals.ts). */
export const REFERRAL_SOURCES = ['embed'] as const;
export type ReferralSource = (typeof REFERRAL_SOURCES)[number];

/** One requirement's answer, as the original client sends it. */
export class RequirementAnswerDto {
  @ApiProperty({ description: "The requirement's field.key", example: 'essay' })
  @IsString()
  @MaxLength(64)
  key: string;

  @ApiPropertyOptional({
    description: 'file: an upload publicUrl; link: an http(s) URL; checkbox: boolean; text: string; editor: { text: html } or { url: publicUrl }. Absent or null: unanswered.',
    oneOf: [{ type: 'string' }, { type: 'boolean' }, { type: 'object', additionalProperties: true }],
    nullable: true,
    example: { text: '<p>My essay…</p>' },
  })
  @Allow()
  fieldValue?: unknown;
}

export class SubmitApplicationDto {
  @ApiProperty({ example: '3f6c2a8e-5b1d-4c7e-9a2f-8d4b6e1c0a57', format: 'uuid' })
  @IsUUID('all', { message: 'scholarshipId must be a scholarship id' })
  scholarshipId: string;

  @ApiProperty({ example: 'Received', enum: APPLICATION_STATUSES, description: "'Draft' saves without required checks; 'Received' submits (kept as a Draft when a required answer is missing)" })
  @IsIn(APPLICATION_STATUSES)
  status: ApplicationStatus;

  @ApiPropertyOptional({ description: 'The form version the answers were filled against (GET scholarships/{id}/form); an existing application keeps its own', example: '3f2a9c0d1b7e4a55' })
  @IsOptional()
  @Matches(/^[0-9a-f]{16}$/, { message: 'formVersion must be a form version' })
  formVersion?: string;

  @ApiProperty({ type: [RequirementAnswerDto] })
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => RequirementAnswerDto)
  requirements: RequirementAnswerDto[];

  @ApiPropertyOptional({
    enum: REFERRAL_SOURCES,
    example: 'embed',
    description:
      "How the applicant came to this scholarship: 'embed' when through the sponsor's card on the sponsor's own site (its Apply link's `ref=embed`; docs/embedding.md). Recorded on the application once, by whichever save first carries it, and counted for the sponsor when submitted.",
  })
  @IsOptional()
  @IsIn(REFERRAL_SOURCES, { message: "referral must be 'embed'" })
  referral?: ReferralSource;
}

class RequirementFieldDto {
  @ApiProperty({ example: 'essay' }) key: string;
  @ApiProperty({ example: 'Personal essay' }) name: string;
  @ApiProperty({ example: 'file', enum: REQUIREMENT_KINDS }) dataType: string;
}

/** One requirement's answer in an application (named apart from the profile's ApplicantFieldDto). */
export class ApplicationFieldDto {
  @ApiProperty({ example: 'essay' }) key: string;
  @ApiPropertyOptional({ example: { text: '<p>My essay…</p>' }, oneOf: [{ type: 'string' }, { type: 'boolean' }, { type: 'object', additionalProperties: true }] }) fieldValue?: unknown;
  @ApiProperty({ type: RequirementFieldDto }) field: RequirementFieldDto;
}

export class ApplicantDetailsDto {
  @ApiProperty({ example: 'Received', enum: APPLICATION_STATUSES, nullable: true, description: 'null: not applied yet' })
  status: ApplicationStatus | null;

  @ApiProperty({ example: '3', type: String, nullable: true, description: 'The form version the application is pinned to' })
  formVersion: string | null;

  @ApiProperty({ type: [ApplicationFieldDto] })
  applicantFields: ApplicationFieldDto[];

  @ApiPropertyOptional({ type: [FieldErrorDto], description: "Submitted with required answers missing: what is missing (the application stays a Draft)" })
  errors?: FieldErrorDto[];
}

export class ApplicantDetailsResponseDto extends ApiResponseBase {
  @ApiProperty({ type: ApplicantDetailsDto }) data: ApplicantDetailsDto;
}

export class FormVersionQueryDto {
  @ApiPropertyOptional({ description: 'A given version; default: the one your application is pinned to, else the current one' })
  @IsOptional()
  @Matches(/^[0-9a-f]{16}$/, { message: 'version must be a form version' })
  version?: string;
}

class BulkRequirementsDto {
  @ApiPropertyOptional({ description: "The CV's upload publicUrl (the CV requirement's key is 'cv')", example: '/api/v1/common/files/5f0c2b9e-8d2a-4c1e-9b7a-2d3e4f5a6b7c' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  cv?: string;
}

export class SubmitScholarshipsDto {
  @ApiProperty({ example: ['3f6c2a8e-5b1d-4c7e-9a2f-8d4b6e1c0a57'], type: [String], format: 'uuid', description: 'The scholarships to apply to (1–100)' })
  @IsArray()
  @ArrayMinSize(1, { message: 'Choose at least one scholarship.' })
  @ArrayMaxSize(100, { message: 'Apply to at most 100 scholarships at once.' })
  @ArrayUnique({ message: 'A scholarship is listed twice.' })
  @IsUUID('all', { each: true, message: 'scholarshipId must list scholarship ids' })
  scholarshipId: string[];

  @ApiPropertyOptional({ type: BulkRequirementsDto })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => BulkRequirementsDto)
  requirements?: BulkRequirementsDto;

  @ApiPropertyOptional({
    example: ['3f6c2a8e-5b1d-4c7e-9a2f-8d4b6e1c0a57'],
    type: [String],
    format: 'uuid',
    description: "Those of the listed scholarships the applicant came to through their sponsor's card on the sponsor's own site (docs/embedding.md): each such application records referral 'embed'. Ids not listed in scholarshipId are ignored.",
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsUUID('all', { each: true, message: 'embedReferrals must list scholarship ids' })
  embedReferrals?: string[];
}

class BulkApplyResultDto {
  @ApiProperty({ example: ['3f6c2a8e-5b1d-4c7e-9a2f-8d4b6e1c0a57'], type: [String], description: 'Every listed scholarship, now Received' }) applied: string[];
}

export class BulkApplyResponseDto extends ApiResponseBase {
  @ApiProperty({ type: BulkApplyResultDto }) data: BulkApplyResultDto;
}
