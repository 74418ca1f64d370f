import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { ApiResponseBase } from '../../common/api-response.js';
import { SessionDto } from '../dto/session.dto.js';

export class SocialProvidersDto {
  @ApiProperty({ example: true, description: 'Google sign-in is configured (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET)' })
  google: boolean;
}

export class SocialProvidersResponseDto extends ApiResponseBase {
  @ApiProperty({ type: SocialProvidersDto })
  data: SocialProvidersDto;
}

export class AuthorizationUrlDto {
  @ApiProperty({ example: 'https://accounts.google.com/o/oauth2/v2/auth?client_id=...&state=...', description: "Where to send the browser: Google's sign-in page, which sends it back to /auth/google/callback" })
  url: string;

  @ApiProperty({ example: 'b_3c9e1f7a2d5b8e4c', description: 'Keep it in this browser (session storage) and send it back with the callback: a callback without it is refused' })
  binding: string;
}

export class AuthorizationUrlResponseDto extends ApiResponseBase {
  @ApiProperty({ type: AuthorizationUrlDto })
  data: AuthorizationUrlDto;
}

/** What Google sent the browser back with (the query of /auth/google/callback). */
export class GoogleCallbackDto {
  @ApiProperty({ example: '4/0AeaYSHB...', description: 'The authorization code' })
  @IsString() @MinLength(1) @MaxLength(2048)
  code: string;

  @ApiProperty({ example: 's_8d2f6a1c9e3b7d5f', description: 'The state of the sign-in this server started' })
  @IsString() @MinLength(1) @MaxLength(512)
  state: string;

  @ApiProperty({ example: 'b_3c9e1f7a2d5b8e4c', description: 'The binding GET /users/auth/google answered to this browser' })
  @IsString() @MinLength(1) @MaxLength(512)
  binding: string;
}

export class GoogleSessionDto extends SessionDto {
  @ApiProperty({ example: true, description: 'The account was made by this sign-in: it continues to the registration step' })
  isNewUser: boolean;
}

export class GoogleSessionResponseDto extends ApiResponseBase {
  @ApiProperty({ type: GoogleSessionDto })
  data: GoogleSessionDto;
}
