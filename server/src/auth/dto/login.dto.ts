import { ApiProperty } from '@nestjs/swagger';
import { MESSAGES, PASSWORD_POLICY } from '@scholarmatch/schemas';
import { IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class LoginDto {
  @ApiProperty({ description: 'The e-mail address', example: 'student@demo.scholarmatch.test' })
  @IsString({ message: MESSAGES.usernameRequired })
  @IsNotEmpty({ message: MESSAGES.usernameRequired })
  @MaxLength(320)
  userName: string;

  @ApiProperty({ example: 'DemoStudent#2026' })
  @IsString({ message: MESSAGES.passwordRequired })
  @IsNotEmpty({ message: MESSAGES.passwordRequired })
  @MaxLength(PASSWORD_POLICY.maxLength)
  password: string;

  @ApiProperty({ enum: ['register_user'], example: 'register_user' })
  @IsIn(['register_user'], { message: "loginType must be 'register_user'" })
  loginType: 'register_user';
}

export class RefreshDto {
  @ApiProperty({ example: 'r1_5f0c9a7e2b8d4c16a3e9f7b2d1c8e4a6' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  refreshToken: string;
}
