import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { ApiResponseBase } from '../../common/api-response.js';

export class SetSubscriptionDto {
  @ApiProperty({ description: 'Whether the applicant has an active membership' })
  @IsBoolean()
  active: boolean;
}

class SubscriptionStateDto {
  @ApiProperty({ format: 'uuid' }) applicantId: string;
  @ApiProperty() isActiveSubscription: boolean;
}

export class SubscriptionStateResponseDto extends ApiResponseBase {
  @ApiProperty({ type: SubscriptionStateDto }) data: SubscriptionStateDto;
}
