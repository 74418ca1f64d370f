import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { MEMBERSHIP_STATES, type MembershipState } from '@scholarmatch/schemas';
import { FIELD_VALUE_SCHEMAS } from '../../applicants/dto/applicant.dto.js';
import { ApiResponseBase } from '../../common/api-response.js';
import { SubscriptionRecordDto } from '../../subscriptions/dto/plans.dto.js';
import { ROLES, type Role } from '../../users/user.entity.js';

/** The console's people list (docs/console.md, "People"): search, role and page. */
export class PeopleListQueryDto {
  @ApiPropertyOptional({ maxLength: 200, description: 'Found in the name or the e-mail, case-insensitive (% and _ are plain characters)' })
  @IsOptional() @IsString() @MaxLength(200)
  search?: string;

  @ApiPropertyOptional({ enum: ROLES })
  @IsOptional() @IsIn(ROLES, { message: `role must be one of ${ROLES.join(', ')}` })
  role?: Role;

  @ApiPropertyOptional({ minimum: 0, default: 0 })
  @IsOptional() @Type(() => Number) @IsInt() @Min(0)
  offset?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 50 })
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100)
  limit?: number;
}

export class PersonListItemDto {
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', format: 'uuid' }) id: string;
  @ApiProperty({ example: 'Maya' }) firstName: string;
  @ApiProperty({ example: 'Lopez' }) lastName: string;
  @ApiProperty({ example: 'maya.lopez@example.com' }) email: string;
  @ApiProperty({ example: 'applicant', enum: ROLES }) role: string;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', description: 'When the account was made' }) createdAt: Date;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', type: Date, nullable: true, description: 'Locked by an admin since then (no login), else null' }) lockedAt: Date | null;
  @ApiProperty({ example: true, description: "Whether a membership unlocks the members' features now" }) isActiveSubscription: boolean;
}

class PeopleMetaDto {
  @ApiProperty({ example: 3, description: 'How many people the filters keep' }) total: number;
}

export class PeopleListResponseDto extends ApiResponseBase {
  @ApiProperty({ type: [PersonListItemDto] }) data: PersonListItemDto[];
  @ApiProperty({ type: PeopleMetaDto }) meta: PeopleMetaDto;
}

class PersonAccountDto extends PersonListItemDto {
  @ApiProperty({ example: '+12025550143', type: String, nullable: true }) phone: string | null;
  @ApiProperty({ example: 'STUDENT', type: String, nullable: true }) applicantType: string | null;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z' }) passwordChangedAt: Date;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', type: Date, nullable: true, description: 'Failed logins locked the e-mail out until then (on at least one address), else null' })
  loginLockedUntil: Date | null;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', type: Date, nullable: true, description: 'When an admin erased the person (a privacy request), else null' })
  erasedAt: Date | null;
}

class ProfileAnswerDto {
  @ApiProperty({ example: 'gpa' }) key: string;
  @ApiProperty({ example: 'GPA', description: "The field's name" }) label: string;
  @ApiProperty({ example: 3.6, oneOf: FIELD_VALUE_SCHEMAS, description: "The answer as stored, an option's label in place of its value" }) value: unknown;
}

class ProfileTabDto {
  @ApiProperty({ example: 'profile-basic' }) formKey: string;
  @ApiProperty({ example: 'Education' }) title: string;
  @ApiProperty({ type: [ProfileAnswerDto] }) answers: ProfileAnswerDto[];
}

class PersonApplicationDto {
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', format: 'uuid' }) id: string;
  @ApiProperty({ example: '3f6c2a8e-5b1d-4c7e-9a2f-8d4b6e1c0a57', format: 'uuid' }) scholarshipId: string;
  @ApiProperty({ example: 'First-Generation Scholars Award', description: "The scholarship's title" }) title: string;
  @ApiProperty({ example: 'Received' }) status: string;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z' }) createdAt: Date;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', type: Date, nullable: true }) submittedAt: Date | null;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z' }) updatedAt: Date;
}

class PersonMembershipDto {
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', format: 'uuid' }) id: string;
  @ApiProperty({ example: 'complimentary', description: "The provider, or 'complimentary' for one granted by an admin" }) gateway: string;
  @ApiProperty({ example: 'sub_1Pz8kL2eZvKYlo2C' }) gatewaySubscriptionId: string;
  @ApiProperty({ example: 'cus_Q4mX9TzL2bN7', type: String, nullable: true }) gatewayCustomerId: string | null;
  @ApiProperty({ example: 'trialing', enum: MEMBERSHIP_STATES }) status: MembershipState;
  @ApiProperty({ example: 'Quarterly Plan', description: "The plan's title" }) title: string;
  @ApiProperty({ example: 5000, description: 'The monthly price it was sold at, in cents (0: complimentary)' }) monthlyAmountCents: number;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', type: Date, nullable: true }) trialEndsAt: Date | null;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', type: Date, nullable: true, description: 'Renews, or (cancelled) ends, then' }) currentPeriodEnd: Date | null;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', type: Date, nullable: true }) canceledAt: Date | null;
  @ApiProperty({ example: true, description: "Unlocks the members' features now" }) grantsAccess: boolean;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z' }) createdAt: Date;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z' }) updatedAt: Date;
}

class PersonPaymentEventDto {
  @ApiProperty({ example: 'sandbox' }) gateway: string;
  @ApiProperty({ example: 'evt_3Nq7YzL2eZvKYlo2' }) eventId: string;
  @ApiProperty({ example: 'invoice.paid' }) type: string;
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', description: 'The provider subscription it reports' }) subscriptionId: string;
  @ApiProperty({ example: 'active', enum: MEMBERSHIP_STATES, nullable: true, description: 'The membership state its report meant' }) state: MembershipState | null;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z' }) occurredAt: Date;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z' }) receivedAt: Date;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', type: Date, nullable: true, description: 'Null while it waits for a retry' }) processedAt: Date | null;
  @ApiProperty({ example: 1 }) attempts: number;
  @ApiProperty({ example: null, type: String, nullable: true }) lastError: string | null;
}

class PersonMessageDto {
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', format: 'uuid' }) id: string;
  @ApiProperty({ example: 'Your application was received' }) subject: string;
  @ApiProperty({ example: 'Grace Hopper Foundation' }) fromName: string;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', format: 'date-time' }) sentAt: string;
  @ApiProperty({ example: true }) read: boolean;
}

class PersonMessagesDto {
  @ApiProperty({ type: [PersonMessageDto], description: 'The latest 10' }) items: PersonMessageDto[];
  @ApiProperty({ example: 3 }) total: number;
  @ApiProperty({ example: 3 }) unread: number;
}

class PersonDetailDto {
  @ApiProperty({ type: PersonAccountDto }) account: PersonAccountDto;
  @ApiProperty({ type: [ProfileTabDto], description: 'The profile tabs (Education, Basic, Contact) with the answers given' }) profile: ProfileTabDto[];
  @ApiProperty({ type: [PersonApplicationDto], description: 'The latest 50, the latest change first' }) applications: PersonApplicationDto[];
  @ApiProperty({ type: [PersonMembershipDto], description: 'Every membership, newest first' }) memberships: PersonMembershipDto[];
  @ApiProperty({ type: [PersonPaymentEventDto], description: "The provider's events about those memberships, newest first (the latest 50)" }) paymentEvents: PersonPaymentEventDto[];
  @ApiProperty({ type: PersonMessagesDto }) messages: PersonMessagesDto;
}

export class PersonDetailResponseDto extends ApiResponseBase {
  @ApiProperty({ type: PersonDetailDto }) data: PersonDetailDto;
}

export class ComplimentaryMembershipDto {
  @ApiProperty({ example: '2027-06-30', description: 'The last day (UTC) of the membership; from today up to 5 years ahead' })
  @IsString() @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'endsOn must be a date as YYYY-MM-DD' })
  endsOn: string;

  @ApiProperty({ example: 'Refund of a double charge, agreed by phone', maxLength: 500, description: 'Why it is granted (kept in the audit log)' })
  @IsString() @MaxLength(500)
  reason: string;
}

export class PersonMembershipResponseDto extends ApiResponseBase {
  @ApiProperty({ type: SubscriptionRecordDto }) data: SubscriptionRecordDto;
}

class PasswordResetSentDto {
  @ApiProperty({ example: 'maya.lopez@example.com' }) email: string;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', format: 'date-time' }) sentAt: string;
}

export class PasswordResetSentResponseDto extends ApiResponseBase {
  @ApiProperty({ type: PasswordResetSentDto }) data: PasswordResetSentDto;
}
