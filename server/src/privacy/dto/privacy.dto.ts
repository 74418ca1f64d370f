import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { ApiResponseBase } from '../../common/api-response.js';

/** The erasure's confirmation: the person's e-mail address, typed by the admin. */
export class EraseRequestDto {
  @ApiProperty({ example: 'maya.lopez@example.com', maxLength: 320, description: "The person's e-mail address, as a confirmation (any letter case)" })
  @IsString() @MaxLength(320)
  confirmEmail: string;
}

export class KeptRecordDto {
  @ApiProperty({ example: 'memberships', description: 'What is kept' }) part: string;
  @ApiProperty({ example: 3, description: 'How many rows' }) count: number;
  @ApiProperty({ example: 'Memberships with their plan, price and dates: payment and tax records we must keep.', description: 'Why it is kept' }) reason: string;
}

export class PrivacyErasureDto {
  @ApiProperty({ example: '9b2e7d14-6a3c-4f85-b1d0-2c8e5f7a9b63', format: 'uuid' }) userId: string;
  @ApiProperty({ example: 'erased-9b2e7d14@erased.invalid', description: "The account's address from now on: a stable pseudonym the kept records are filed under" }) pseudonym: string;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z' }) erasedAt: Date;
  @ApiProperty({ example: { profileAnswers: 14, applicationDrafts: 1, inboxMessages: 6 }, type: 'object', additionalProperties: { type: 'integer' }, description: 'How many rows of each part were removed or emptied' })
  removed: Record<string, number>;
  @ApiProperty({ type: [KeptRecordDto], description: 'What was kept, and why' }) kept: KeptRecordDto[];
}

export class PrivacyErasureResponseDto extends ApiResponseBase {
  @ApiProperty({ type: PrivacyErasureDto }) data: PrivacyErasureDto;
}
