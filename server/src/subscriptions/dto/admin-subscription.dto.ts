import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { ApiResponseBase } from '../../common/api-response.js';

export class SetSubscriptionDto {
  @ApiProperty({ example: true, description: 'Whether the applicant has an active membership' })
  @IsBoolean()
  active: boolean;
}

class SubscriptionStateDto {
  @ApiProperty({ example: '9b2e7d14-6a3c-4f85-b1d0-2c8e5f7a9b63', format: 'uuid' }) applicantId: string;
  @ApiProperty({ example: true }) isActiveSubscription: boolean;
}

export class SubscriptionStateResponseDto extends ApiResponseBase {
  @ApiProperty({ type: SubscriptionStateDto }) data: SubscriptionStateDto;
}
