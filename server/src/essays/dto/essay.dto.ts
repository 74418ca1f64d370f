import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { ApiResponseBase } from '../../common/api-response.js';
import { ESSAY_KINDS, type EssayKind, type EssaySource } from '../essay-writer.js';

export const MAX_PROMPT_CHARS = 4000;
/** What the original client asks for: it sends only `prompt`. */
export const DEFAULT_ESSAY_KIND: EssayKind = 'essay';

export class EssayRequestDto {
  @ApiPropertyOptional({ example: 'essay',
    enum: ESSAY_KINDS,
    default: DEFAULT_ESSAY_KIND,
    description: 'essay: a draft (or the answer) from the scholarship; outline: headed bullet points from your name, school and field of study',
  })
  @IsOptional()
  @IsIn(ESSAY_KINDS, { message: "kind must be 'essay' or 'outline'." })
  kind?: EssayKind;

  @ApiPropertyOptional({ example: '3f6c2a8e-5b1d-4c7e-9a2f-8d4b6e1c0a57', format: 'uuid', description: 'The scholarship the essay is for (its title and description are used); absent: a general essay' })
  @IsOptional()
  @IsUUID('all', { message: 'That is not a valid scholarship id (expected a UUID).' })
  scholarshipId?: string;

  @ApiPropertyOptional({ maxLength: MAX_PROMPT_CHARS, description: 'Your own extra instruction, added to the prompt the server builds', example: 'Mention my work at the food bank.' })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_PROMPT_CHARS, { message: `Your instructions must be at most ${MAX_PROMPT_CHARS} characters.` })
  prompt?: string;
}

export class EssayDto {
  @ApiProperty({ description: 'Sanitised HTML (headings, paragraphs, lists)', example: '<h2>Introduction</h2><ul><li>…</li></ul>' })
  content: string;

  @ApiProperty({ example: 'ai', enum: ['ai', 'offline'], description: "offline: written by the built-in generator (no AI configured), to be shown as such" })
  source: EssaySource;
}

export class EssayResponseDto extends ApiResponseBase {
  @ApiProperty({ type: EssayDto })
  data: EssayDto;
}
