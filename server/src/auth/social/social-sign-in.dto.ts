import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { ApiResponseBase } from '../../common/api-response.js';
import { SessionDto } from '../dto/session.dto.js';

export class SocialProvidersDto {
  @ApiProperty({ description: 'Google sign-in is configured (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET)' })
  google: boolean;
}

export class SocialProvidersResponseDto extends ApiResponseBase {
  @ApiProperty({ type: SocialProvidersDto })
  data: SocialProvidersDto;
}

export class AuthorizationUrlDto {
  @ApiProperty({ description: "Where to send the browser: Google's sign-in page, which sends it back to /auth/google/callback" })
  url: string;

  @ApiProperty({ description: 'Keep it in this browser (session storage) and send it back with the callback: a callback without it is refused' })
  binding: string;
}

export class AuthorizationUrlResponseDto extends ApiResponseBase {
  @ApiProperty({ type: AuthorizationUrlDto })
  data: AuthorizationUrlDto;
}

/** What Google sent the browser back with (the query of /auth/google/callback). */
export class GoogleCallbackDto {
  @ApiProperty({ description: 'The authorization code' })
  @IsString() @MinLength(1) @MaxLength(2048)
  code: string;

  @ApiProperty({ description: 'The state of the sign-in this server started' })
  @IsString() @MinLength(1) @MaxLength(512)
  state: string;

  @ApiProperty({ description: 'The binding GET /users/auth/google answered to this browser' })
  @IsString() @MinLength(1) @MaxLength(512)
  binding: string;
}

export class GoogleSessionDto extends SessionDto {
  @ApiProperty({ description: 'The account was made by this sign-in: it continues to the registration step' })
  isNewUser: boolean;
}

export class GoogleSessionResponseDto extends ApiResponseBase {
  @ApiProperty({ type: GoogleSessionDto })
  data: GoogleSessionDto;
}
