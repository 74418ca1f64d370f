import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { MEMBERSHIP_STATES, type MembershipState } from '@scholarmatch/schemas';
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
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() firstName: string;
  @ApiProperty() lastName: string;
  @ApiProperty() email: string;
  @ApiProperty({ enum: ROLES }) role: string;
  @ApiProperty({ description: 'When the account was made' }) createdAt: Date;
  @ApiProperty({ type: Date, nullable: true, description: 'Locked by an admin since then (no login), else null' }) lockedAt: Date | null;
  @ApiProperty({ description: "Whether a membership unlocks the members' features now" }) isActiveSubscription: boolean;
}

class PeopleMetaDto {
  @ApiProperty({ description: 'How many people the filters keep' }) total: number;
}

export class PeopleListResponseDto extends ApiResponseBase {
  @ApiProperty({ type: [PersonListItemDto] }) data: PersonListItemDto[];
  @ApiProperty({ type: PeopleMetaDto }) meta: PeopleMetaDto;
}

class PersonAccountDto extends PersonListItemDto {
  @ApiProperty({ type: String, nullable: true }) phone: string | null;
  @ApiProperty({ type: String, nullable: true }) applicantType: string | null;
  @ApiProperty() passwordChangedAt: Date;
  @ApiProperty({ type: Date, nullable: true, description: 'Failed logins locked the e-mail out until then (on at least one address), else null' })
  loginLockedUntil: Date | null;
  @ApiProperty({ type: Date, nullable: true, description: 'When an admin erased the person (a privacy request), else null' })
  erasedAt: Date | null;
}

class ProfileAnswerDto {
  @ApiProperty() key: string;
  @ApiProperty({ description: "The field's name" }) label: string;
  @ApiProperty({ description: "The answer as stored, an option's label in place of its value" }) value: unknown;
}

class ProfileTabDto {
  @ApiProperty() formKey: string;
  @ApiProperty({ example: 'Education' }) title: string;
  @ApiProperty({ type: [ProfileAnswerDto] }) answers: ProfileAnswerDto[];
}

class PersonApplicationDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) scholarshipId: string;
  @ApiProperty({ description: "The scholarship's title" }) title: string;
  @ApiProperty({ example: 'Received' }) status: string;
  @ApiProperty() createdAt: Date;
  @ApiProperty({ type: Date, nullable: true }) submittedAt: Date | null;
  @ApiProperty() updatedAt: Date;
}

class PersonMembershipDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: "The provider, or 'complimentary' for one granted by an admin" }) gateway: string;
  @ApiProperty() gatewaySubscriptionId: string;
  @ApiProperty({ type: String, nullable: true }) gatewayCustomerId: string | null;
  @ApiProperty({ enum: MEMBERSHIP_STATES }) status: MembershipState;
  @ApiProperty({ description: "The plan's title" }) title: string;
  @ApiProperty({ description: 'The monthly price it was sold at, in cents (0: complimentary)' }) monthlyAmountCents: number;
  @ApiProperty({ type: Date, nullable: true }) trialEndsAt: Date | null;
  @ApiProperty({ type: Date, nullable: true, description: 'Renews, or (cancelled) ends, then' }) currentPeriodEnd: Date | null;
  @ApiProperty({ type: Date, nullable: true }) canceledAt: Date | null;
  @ApiProperty({ description: "Unlocks the members' features now" }) grantsAccess: boolean;
  @ApiProperty() createdAt: Date;
  @ApiProperty() updatedAt: Date;
}

class PersonPaymentEventDto {
  @ApiProperty() gateway: string;
  @ApiProperty() eventId: string;
  @ApiProperty() type: string;
  @ApiProperty({ description: 'The provider subscription it reports' }) subscriptionId: string;
  @ApiProperty({ enum: MEMBERSHIP_STATES, nullable: true, description: 'The membership state its report meant' }) state: MembershipState | null;
  @ApiProperty() occurredAt: Date;
  @ApiProperty() receivedAt: Date;
  @ApiProperty({ type: Date, nullable: true, description: 'Null while it waits for a retry' }) processedAt: Date | null;
  @ApiProperty() attempts: number;
  @ApiProperty({ type: String, nullable: true }) lastError: string | null;
}

class PersonMessageDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() subject: string;
  @ApiProperty() fromName: string;
  @ApiProperty({ format: 'date-time' }) sentAt: string;
  @ApiProperty() read: boolean;
}

class PersonMessagesDto {
  @ApiProperty({ type: [PersonMessageDto], description: 'The latest 10' }) items: PersonMessageDto[];
  @ApiProperty() total: number;
  @ApiProperty() unread: number;
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

  @ApiProperty({ maxLength: 500, description: 'Why it is granted (kept in the audit log)' })
  @IsString() @MaxLength(500)
  reason: string;
}

export class PersonMembershipResponseDto extends ApiResponseBase {
  @ApiProperty({ type: SubscriptionRecordDto }) data: SubscriptionRecordDto;
}

class PasswordResetSentDto {
  @ApiProperty() email: string;
  @ApiProperty({ format: 'date-time' }) sentAt: string;
}

export class PasswordResetSentResponseDto extends ApiResponseBase {
  @ApiProperty({ type: PasswordResetSentDto }) data: PasswordResetSentDto;
}
