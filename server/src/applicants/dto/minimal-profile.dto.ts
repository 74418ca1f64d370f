import { ApiProperty } from '@nestjs/swagger';
import { ApiResponseBase } from '../../common/api-response.js';

/** The minimal applicant profile (docs/api.md): what checkout and the chat need. */
export class MinimalProfileDto {
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', format: 'uuid' }) id: string;
  @ApiProperty({ example: 'Maya' }) firstName: string;
  @ApiProperty({ example: 'Lopez' }) lastName: string;
  @ApiProperty({ example: 'maya.lopez@example.com' }) email: string;
  @ApiProperty({ type: String, nullable: true, description: 'Country code from the profile (null until given)', example: 'US' })
  country: string | null;
  @ApiProperty({ example: '94103', type: String, nullable: true, description: 'ZIP code from the profile (null until given)' })
  zipcode: string | null;
  @ApiProperty({ example: 'cus_Q4mX9TzL2bN7', type: String, nullable: true, description: "The payment provider's customer id, once the applicant has checked out (else null)" })
  providerUserId: string | null;
  @ApiProperty({ example: null, type: String, nullable: true, description: "Always null: the providers used keep the address with the customer" })
  providerAddressId: string | null;
}

export class MinimalProfileResponseDto extends ApiResponseBase {
  @ApiProperty({ type: MinimalProfileDto })
  data: MinimalProfileDto;
}
