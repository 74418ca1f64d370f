import { ApiProperty } from '@nestjs/swagger';
import { ApiResponseBase } from '../../common/api-response.js';
import { APPLICANT_TYPES, ROLES, type ApplicantType, type Role, type UserEntity } from '../user.entity.js';

/** The signed-in user as the browser stores it (`userInfo`): no secrets, no profile answers. */
export class UserDto {
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'Maya' })
  firstName: string;

  @ApiProperty({ example: 'Lopez' })
  lastName: string;

  @ApiProperty({ example: 'maya@example.com' })
  email: string;

  @ApiProperty({ type: String, nullable: true, example: '+12025550143' })
  phone: string | null;

  @ApiProperty({ type: String, nullable: true, example: '2007-04-12', description: 'YYYY-MM-DD' })
  dob: string | null;

  @ApiProperty({ example: 'applicant', enum: ROLES })
  role: Role;

  @ApiProperty({ example: 'STUDENT', enum: APPLICANT_TYPES, nullable: true, description: 'Applicants only' })
  applicantType: ApplicantType | null;

  @ApiProperty({ example: true })
  isProfileUpdate: boolean;

  @ApiProperty({ example: true })
  isScholarshipApplied: boolean;

  @ApiProperty({ example: true })
  isActiveSubscription: boolean;
}

export function toUserDto(user: UserEntity): UserDto {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    dob: user.dob,
    role: user.role,
    applicantType: user.applicantType,
    isProfileUpdate: user.isProfileUpdate,
    isScholarshipApplied: user.isScholarshipApplied,
    isActiveSubscription: user.isActiveSubscription,
  };
}

export class UserResponseDto extends ApiResponseBase {
  @ApiProperty({ type: UserDto })
  data: UserDto;
}
