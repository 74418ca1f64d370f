import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsString, MaxLength } from 'class-validator';
import { ApiResponseBase } from '../../common/api-response.js';

const SCHOLARSHIP_ID = '3f6c2a8e-5b1d-4c7e-9a2f-8d4b6e1c0a57';

export class EmbedOriginsDto {
  @ApiProperty({
    type: [String],
    maxItems: 100,
    description:
      "The sites allowed to show the organisation's cards, each as scheme://host[:port] (https; http only for localhost or 127.0.0.1 during development). The whole list is replaced; [] lets no site frame them. At most 20 distinct sites.",
    example: ['https://www.example.org', 'https://scholarships.example.org:8443'],
  })
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MaxLength(2000, { each: true })
  origins: string[];
}

export class EmbeddedScholarshipDto {
  @ApiProperty({ format: 'uuid', example: SCHOLARSHIP_ID }) id: string;
  @ApiProperty({ example: 'Future Engineers Award' }) title: string;
  @ApiProperty({ enum: ['published', 'closed'], example: 'published', description: 'A closed scholarship’s card shows the not-available notice' }) status: string;
  @ApiProperty({
    description: 'The HTML to paste on an allowed site where the card should appear',
    example: `<div data-scholarmatch-scholarship="${SCHOLARSHIP_ID}"></div>\n<script async src="https://scholarmatch.example/embed.js"></script>`,
  })
  snippet: string;
  @ApiProperty({ description: 'Submitted applications whose applicant came through the card (docs/embedding.md, "Counting")', example: 3 }) embedApplications: number;
}

export class EmbedSettingsDto {
  @ApiProperty({ type: [String], description: 'The sites allowed to frame the cards; empty: none', example: ['https://www.example.org'] }) origins: string[];
  @ApiProperty({ description: 'The loader script the snippets include', example: 'https://scholarmatch.example/embed.js' }) loaderUrl: string;
  @ApiProperty({ type: EmbeddedScholarshipDto, isArray: true, description: 'The published (and closed) scholarships, newest first' }) scholarships: EmbeddedScholarshipDto[];
}

export class EmbedSettingsResponseDto extends ApiResponseBase {
  @ApiProperty({ type: EmbedSettingsDto }) data: EmbedSettingsDto;
}
