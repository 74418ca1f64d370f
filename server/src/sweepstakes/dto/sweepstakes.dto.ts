import { ApiProperty } from '@nestjs/swagger';
import { SWEEPSTAKES_MESSAGES } from '@scholarmatch/schemas';
import { ApiResponseBase } from '../../common/api-response.js';

export class SweepstakesDto {
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', format: 'uuid' }) id: string;
  @ApiProperty({ example: '$1,000 Monthly Scholarship Sweepstakes' }) title: string;
  @ApiProperty({ example: 'Enter once this month for a chance to win a $1,000 scholarship.' }) description: string;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z' }) endsAt: Date;
  @ApiProperty({ example: false, description: 'Whether you have entered it' }) applied: boolean;
}

export class SweepstakesResponseDto extends ApiResponseBase {
  @ApiProperty({ type: SweepstakesDto, nullable: true, description: 'null when no sweepstakes runs now' }) data: SweepstakesDto | null;
}

class SweepstakesEntryDto {
  @ApiProperty({ example: 'Successfully applied for scholarship', enum: Object.values(SWEEPSTAKES_MESSAGES) }) msg: string;
}

export class SweepstakesEntryResponseDto extends ApiResponseBase {
  @ApiProperty({ type: SweepstakesEntryDto }) data: SweepstakesEntryDto;
}
