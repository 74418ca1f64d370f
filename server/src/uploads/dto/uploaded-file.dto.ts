import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { ApiResponseBase } from '../../common/api-response.js';
import { UPLOAD_PURPOSES, type UploadPurpose } from '@scholarmatch/schemas';

export class UploadQueryDto {
  @ApiPropertyOptional({
    enum: UPLOAD_PURPOSES,
    default: 'document',
    description: 'document: PDF, DOC or DOCX; image: JPG or PNG. At most 2 MB (2,097,152 bytes) either way.',
  })
  @IsOptional()
  @IsIn(UPLOAD_PURPOSES, { message: 'purpose must be document or image.' })
  purpose?: UploadPurpose;
}

/** The parts of a signed file link (docs/review.md, "Export"); checked by FileLinks. */
export class SignedFileQueryDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'The person the link was made for' })
  @IsOptional()
  @IsUUID('all', { message: 'This download link is not valid. Export the applicants again for fresh links.' })
  by?: string;

  @ApiPropertyOptional({ description: 'Until when the link opens the file, in Unix seconds', example: '1767225600' })
  @IsOptional()
  @Matches(/^\d{1,12}$/, { message: 'This download link is not valid. Export the applicants again for fresh links.' })
  expires?: string;

  @ApiPropertyOptional({ description: 'HMAC-SHA256 of the file, `by` and `expires`, base64url' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  signature?: string;
}

export class UploadedFileDto {
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', format: 'uuid' }) id: string;

  @ApiProperty({ description: 'Where the owner downloads it; the value a form answer holds', example: '/api/v1/common/files/0b6f3c1e-2a4d-4c59-9f1e-7d2b8a6c5e40' })
  publicUrl: string;

  @ApiProperty({ description: "The client's file name, sanitised, with the detected type's extension (display only)", example: 'My CV.pdf' })
  name: string;

  @ApiProperty({ description: 'Bytes', example: 48213 }) size: number;

  @ApiProperty({ description: 'The type detected from the content', example: 'application/pdf' }) contentType: string;
}

export class UploadResponseDto extends ApiResponseBase {
  @ApiProperty({ type: UploadedFileDto })
  data: UploadedFileDto;
}
