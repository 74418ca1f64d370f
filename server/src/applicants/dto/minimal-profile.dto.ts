import { ApiProperty } from '@nestjs/swagger';
import { ApiResponseBase } from '../../common/api-response.js';

/** The minimal applicant profile (docs/api.md): what checkout and the chat need. */
export class MinimalProfileDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() firstName: string;
  @ApiProperty() lastName: string;
  @ApiProperty() email: string;
  @ApiProperty({ type: String, nullable: true, description: 'Country code from the profile (null until given)', example: 'US' })
  country: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'ZIP code from the profile (null until given)' })
  zipcode: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The payment provider's customer id, once the applicant has checked out (else null)" })
  providerUserId: string | null;
  @ApiProperty({ type: String, nullable: true, description: "Always null: the providers used keep the address with the customer" })
  providerAddressId: string | null;
}

export class MinimalProfileResponseDto extends ApiResponseBase {
  @ApiProperty({ type: MinimalProfileDto })
  data: MinimalProfileDto;
}
