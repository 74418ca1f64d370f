import { ApiProperty } from '@nestjs/swagger';
import { SWEEPSTAKES_MESSAGES } from '@scholarmatch/schemas';
import { ApiResponseBase } from '../../common/api-response.js';

export class SweepstakesDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() title: string;
  @ApiProperty() description: string;
  @ApiProperty() endsAt: Date;
  @ApiProperty({ description: 'Whether you have entered it' }) applied: boolean;
}

export class SweepstakesResponseDto extends ApiResponseBase {
  @ApiProperty({ type: SweepstakesDto, nullable: true, description: 'null when no sweepstakes runs now' }) data: SweepstakesDto | null;
}

class SweepstakesEntryDto {
  @ApiProperty({ enum: Object.values(SWEEPSTAKES_MESSAGES) }) msg: string;
}

export class SweepstakesEntryResponseDto extends ApiResponseBase {
  @ApiProperty({ type: SweepstakesEntryDto }) data: SweepstakesEntryDto;
}
