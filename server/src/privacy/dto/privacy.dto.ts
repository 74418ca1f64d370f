import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { ApiResponseBase } from '../../common/api-response.js';

/** The erasure's confirmation: the person's e-mail address, typed by the admin. */
export class EraseRequestDto {
  @ApiProperty({ maxLength: 320, description: "The person's e-mail address, as a confirmation (any letter case)" })
  @IsString() @MaxLength(320)
  confirmEmail: string;
}

export class KeptRecordDto {
  @ApiProperty({ description: 'What is kept' }) part: string;
  @ApiProperty({ description: 'How many rows' }) count: number;
  @ApiProperty({ description: 'Why it is kept' }) reason: string;
}

export class PrivacyErasureDto {
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty({ description: "The account's address from now on: a stable pseudonym the kept records are filed under" }) pseudonym: string;
  @ApiProperty() erasedAt: Date;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'integer' }, description: 'How many rows of each part were removed or emptied' })
  removed: Record<string, number>;
  @ApiProperty({ type: [KeptRecordDto], description: 'What was kept, and why' }) kept: KeptRecordDto[];
}

export class PrivacyErasureResponseDto extends ApiResponseBase {
  @ApiProperty({ type: PrivacyErasureDto }) data: PrivacyErasureDto;
}
