import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsIn, IsString, MaxLength } from 'class-validator';
import { ApiResponseBase } from '../../common/api-response.js';
import { ROLES, STAFF_ROLES, type Role, type StaffRole } from '../../users/user.entity.js';

export class InviteStaffDto {
  @ApiProperty({ format: 'email', maxLength: 320 })
  @IsString() @MaxLength(320) @IsEmail()
  email: string;

  @ApiProperty({ enum: STAFF_ROLES, description: 'admin: everything; support: support requests and read-only member and payment lookups' })
  @IsIn(STAFF_ROLES)
  role: StaffRole;
}

export class SetRoleDto {
  @ApiProperty({ enum: STAFF_ROLES })
  @IsIn(STAFF_ROLES)
  role: StaffRole;
}

class StaffInvitationDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() email: string;
  @ApiProperty({ enum: STAFF_ROLES }) role: StaffRole;
  @ApiProperty({ format: 'date-time' }) expiresAt: Date;
  @ApiProperty({ format: 'date-time' }) createdAt: Date;
}
export class StaffInvitationResponseDto extends ApiResponseBase {
  @ApiProperty({ type: StaffInvitationDto }) data: StaffInvitationDto;
}

class StaffMemberDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() email: string;
  @ApiProperty() firstName: string;
  @ApiProperty() lastName: string;
  @ApiProperty({ enum: STAFF_ROLES }) role: StaffRole;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Set while an admin has locked the account' }) lockedAt: Date | null;
  @ApiProperty({ format: 'date-time' }) createdAt: Date;
}
class StaffListDto {
  @ApiProperty({ type: [StaffMemberDto] }) staff: StaffMemberDto[];
  @ApiProperty({ type: [StaffInvitationDto], description: 'Not accepted yet (expired ones included until replaced)' }) invitations: StaffInvitationDto[];
}
export class StaffListResponseDto extends ApiResponseBase {
  @ApiProperty({ type: StaffListDto }) data: StaffListDto;
}

class PublicStaffInvitationDto {
  @ApiProperty() email: string;
  @ApiProperty({ enum: STAFF_ROLES }) role: StaffRole;
  @ApiProperty({ format: 'date-time' }) expiresAt: Date;
}
export class PublicStaffInvitationResponseDto extends ApiResponseBase {
  @ApiProperty({ type: PublicStaffInvitationDto }) data: PublicStaffInvitationDto;
}

class AccountSessionsDto {
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty({ enum: ROLES }) role: Role;
  @ApiProperty({ description: 'Whether an admin has locked the account' }) locked: boolean;
}
export class AccountSessionsResponseDto extends ApiResponseBase {
  @ApiProperty({ type: AccountSessionsDto }) data: AccountSessionsDto;
}
