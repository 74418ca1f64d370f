import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsIn, IsString, MaxLength } from 'class-validator';
import { ApiResponseBase } from '../../common/api-response.js';
import { ROLES, STAFF_ROLES, type Role, type StaffRole } from '../../users/user.entity.js';

export class InviteStaffDto {
  @ApiProperty({ example: 'maya.lopez@example.com', format: 'email', maxLength: 320 })
  @IsString() @MaxLength(320) @IsEmail()
  email: string;

  @ApiProperty({ example: 'admin', enum: STAFF_ROLES, description: 'admin: everything; support: support requests and read-only member and payment lookups' })
  @IsIn(STAFF_ROLES)
  role: StaffRole;
}

export class SetRoleDto {
  @ApiProperty({ example: 'admin', enum: STAFF_ROLES })
  @IsIn(STAFF_ROLES)
  role: StaffRole;
}

class StaffInvitationDto {
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', format: 'uuid' }) id: string;
  @ApiProperty({ example: 'maya.lopez@example.com' }) email: string;
  @ApiProperty({ example: 'admin', enum: STAFF_ROLES }) role: StaffRole;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', format: 'date-time' }) expiresAt: Date;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', format: 'date-time' }) createdAt: Date;
}
export class StaffInvitationResponseDto extends ApiResponseBase {
  @ApiProperty({ type: StaffInvitationDto }) data: StaffInvitationDto;
}

class StaffMemberDto {
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', format: 'uuid' }) id: string;
  @ApiProperty({ example: 'maya.lopez@example.com' }) email: string;
  @ApiProperty({ example: 'Maya' }) firstName: string;
  @ApiProperty({ example: 'Lopez' }) lastName: string;
  @ApiProperty({ example: 'admin', enum: STAFF_ROLES }) role: StaffRole;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', type: String, format: 'date-time', nullable: true, description: 'Set while an admin has locked the account' }) lockedAt: Date | null;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', format: 'date-time' }) createdAt: Date;
}
class StaffListDto {
  @ApiProperty({ type: [StaffMemberDto] }) staff: StaffMemberDto[];
  @ApiProperty({ type: [StaffInvitationDto], description: 'Not accepted yet (expired ones included until replaced)' }) invitations: StaffInvitationDto[];
}
export class StaffListResponseDto extends ApiResponseBase {
  @ApiProperty({ type: StaffListDto }) data: StaffListDto;
}

class PublicStaffInvitationDto {
  @ApiProperty({ example: 'maya.lopez@example.com' }) email: string;
  @ApiProperty({ example: 'admin', enum: STAFF_ROLES }) role: StaffRole;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', format: 'date-time' }) expiresAt: Date;
}
export class PublicStaffInvitationResponseDto extends ApiResponseBase {
  @ApiProperty({ type: PublicStaffInvitationDto }) data: PublicStaffInvitationDto;
}

class AccountSessionsDto {
  @ApiProperty({ example: '9b2e7d14-6a3c-4f85-b1d0-2c8e5f7a9b63', format: 'uuid' }) userId: string;
  @ApiProperty({ example: 'applicant', enum: ROLES }) role: Role;
  @ApiProperty({ example: true, description: 'Whether an admin has locked the account' }) locked: boolean;
}
export class AccountSessionsResponseDto extends ApiResponseBase {
  @ApiProperty({ type: AccountSessionsDto }) data: AccountSessionsDto;
}
