import { ApiProperty } from '@nestjs/swagger';
import { ApiResponseBase } from '../../common/api-response.js';

export class OrganisationDto {
  @ApiProperty({ type: 'object', additionalProperties: true, description: "The organisation form's answers by field key", example: { organisationName: 'Hopper Foundation' } })
  answers: Record<string, unknown>;

  @ApiProperty({ type: String, nullable: true, description: 'The logo, readable by anyone (/common/public-link/{id})' })
  logoUrl: string | null;

  @ApiProperty()
  updatedAt: Date;
}

export class OrganisationResponseDto extends ApiResponseBase {
  @ApiProperty({ type: OrganisationDto })
  data: OrganisationDto;
}
