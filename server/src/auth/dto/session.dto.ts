import { ApiProperty } from '@nestjs/swagger';
import { ApiResponseBase } from '../../common/api-response.js';
import { UserDto } from '../../users/dto/user.dto.js';
import { ROLES, type Role } from '../../users/user.entity.js';
import { PERMISSIONS, type Permission } from '../permissions.js';

/** The original `access` of the auth state (docs/security.md, "Roles and permissions"). */
export class AccessDto {
  @ApiProperty({
    enum: PERMISSIONS,
    enumName: 'Permission',
    isArray: true,
    example: ['read_scholarships', 'apply_scholarship', 'read_inbox'],
    description: "What this person may do, as `action_subject` strings (split at the first underscore); the browser's menus and pages follow them",
  })
  permissions: Permission[];

  @ApiProperty({ example: 'applicant', enum: ROLES, nullable: true, type: String, description: "The person's role (null when signed out, as the original client expects)" })
  role: Role | null;
}

export class TokenPairDto {
  @ApiProperty({ example: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI5YjJlN2QxNCJ9.signature', description: 'JWT (HS256), valid 15 minutes; send as `Authorization: Bearer <token>`' })
  accessToken: string;

  @ApiProperty({ example: 'r1_5f0c9a7e2b8d4c16a3e9f7b2d1c8e4a6', description: 'Opaque, single use: exchange it at POST /users/auth/refresh for a new pair' })
  refreshToken: string;
}

/** What a refresh answers: the new pair and the access of the person now (a role changed meanwhile shows here). */
export class RenewedSessionDto extends TokenPairDto {
  @ApiProperty({ type: AccessDto })
  access: AccessDto;
}

/** What a sign-in (sign-up, login, password reset) answers: the original user, accessToken, refreshToken, clientIp, and the original access. */
export class SessionDto extends RenewedSessionDto {
  @ApiProperty({ type: UserDto })
  user: UserDto;

  @ApiProperty({ description: "The caller's IP address as the server saw it", example: '203.0.113.7' })
  clientIp: string;
}

export class SessionResponseDto extends ApiResponseBase {
  @ApiProperty({ type: SessionDto })
  data: SessionDto;
}

export class RenewedSessionResponseDto extends ApiResponseBase {
  @ApiProperty({ type: RenewedSessionDto })
  data: RenewedSessionDto;
}
