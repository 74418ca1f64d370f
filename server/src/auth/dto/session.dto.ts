import { ApiProperty } from '@nestjs/swagger';
import { ApiResponseBase } from '../../common/api-response.js';
import { UserDto } from '../../users/dto/user.dto.js';

export class TokenPairDto {
  @ApiProperty({ description: 'JWT (HS256), valid 15 minutes; send as `Authorization: Bearer <token>`' })
  accessToken: string;

  @ApiProperty({ description: 'Opaque, single use: exchange it at POST /users/auth/refresh for a new pair' })
  refreshToken: string;
}

/** What a sign-in (sign-up, login, password reset) answers: the seed's user, accessToken, refreshToken, clientIp. */
export class SessionDto extends TokenPairDto {
  @ApiProperty({ type: UserDto })
  user: UserDto;

  @ApiProperty({ description: "The caller's IP address as the server saw it", example: '203.0.113.7' })
  clientIp: string;
}

export class SessionResponseDto extends ApiResponseBase {
  @ApiProperty({ type: SessionDto })
  data: SessionDto;
}

export class TokenPairResponseDto extends ApiResponseBase {
  @ApiProperty({ type: TokenPairDto })
  data: TokenPairDto;
}
