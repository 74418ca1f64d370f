import { ApiProperty } from '@nestjs/swagger';
import { ApiResponseBase } from '../../common/api-response.js';

export class OrganisationDto {
  @ApiProperty({ type: 'object', additionalProperties: true, description: "The organisation form's answers by field key", example: { organisationName: 'Hopper Foundation' } })
  answers: Record<string, unknown>;

  @ApiProperty({ example: 'https://cdn.scholarmatch.example/logos/grace-hopper-foundation.png', type: String, nullable: true, description: 'The logo, readable by anyone (/common/public-link/{id})' })
  logoUrl: string | null;

  @ApiProperty({ example: '2026-11-02T14:30:00.000Z' })
  updatedAt: Date;
}

export class OrganisationResponseDto extends ApiResponseBase {
  @ApiProperty({ type: OrganisationDto })
  data: OrganisationDto;
}
