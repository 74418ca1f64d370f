import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { MEMBERSHIP_STATES, type MembershipState, TRIAL_DAYS } from '@scholarmatch/schemas';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import { ApiResponseBase } from '../../common/api-response.js';

/** A membership plan as the plans page shows it (the shape docs/api.md lists, plus what the page needs to explain it). */
export class PlanDto {
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', format: 'uuid' }) id: string;
  @ApiProperty({ example: 'Quarterly Plan' }) title: string;
  @ApiProperty({ description: 'The monthly price, currency symbol first', example: '$19' }) price: string;
  @ApiProperty({ example: 'quarterly' }) productId: string;
  @ApiProperty({ description: 'Benefits, comma-separated', example: 'Scholarship details,Easy Apply,Cancel anytime' }) description: string;
  @ApiProperty({ description: "The payment provider's price id", example: 'price_sandbox_quarterly' }) priceId: string;
  @ApiProperty({ example: true, description: 'Shown as Most Popular' }) mostPopular: boolean;
  @ApiProperty({ example: 1, enum: [1, 3, 6, 12], description: 'Months billed at once' }) intervalMonths: number;
  @ApiProperty({ description: 'What one billing period costs, currency symbol first', example: '$57' }) billedAmount: string;
}

export class PlansResponseDto extends ApiResponseBase {
  @ApiProperty({ type: [PlanDto] }) data: PlanDto[];
}

export class AdminPlanDto extends PlanDto {
  @ApiProperty({ example: 5000 }) monthlyAmountCents: number;
  @ApiProperty({ example: 1 }) sortOrder: number;
  @ApiProperty({ example: true, description: 'Offered on the plans page' }) active: boolean;
}

export class AdminPlansResponseDto extends ApiResponseBase {
  @ApiProperty({ type: [AdminPlanDto] }) data: AdminPlanDto[];
}

export class AdminPlanResponseDto extends ApiResponseBase {
  @ApiProperty({ type: AdminPlanDto }) data: AdminPlanDto;
}

class PlanFieldsDto {
  @ApiProperty({ example: 'Quarterly Plan' })
  @IsString() @MinLength(1) @MaxLength(80)
  title: string;

  @ApiProperty({ description: 'Monthly price in cents of a US dollar', example: 1900 })
  @IsInt({ message: 'monthlyAmountCents must be a whole number of cents.' }) @Min(1)
  monthlyAmountCents: number;

  @ApiProperty({ enum: [1, 3, 6, 12], example: 3 })
  @IsIn([1, 3, 6, 12], { message: 'intervalMonths must be 1, 3, 6 or 12.' })
  intervalMonths: number;

  @ApiProperty({ description: 'Benefits, comma-separated', example: 'Scholarship details,Easy Apply,Cancel anytime' })
  @IsString() @MinLength(1) @MaxLength(1000)
  description: string;

  @ApiProperty({ example: true })
  @IsBoolean()
  mostPopular: boolean;

  @ApiProperty({ description: "The payment provider's price id (Stripe: price_…)", example: 'price_sandbox_quarterly' })
  @IsString() @Matches(/^[A-Za-z0-9_-]{1,100}$/, { message: 'priceId must be a price id of the payment provider (letters, digits, _ and -).' })
  priceId: string;

  @ApiProperty({ example: 1 })
  @IsInt() @Min(0)
  sortOrder: number;

  @ApiProperty({ example: true })
  @IsBoolean()
  active: boolean;
}

/** Any subset of a plan's fields; its productId stays. */
export class UpdatePlanDto extends PartialType(PlanFieldsDto) {}

export class CheckoutDto {
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', format: 'uuid', description: 'The plan chosen; its price comes from the server, never from the browser' })
  @IsString() @Matches(/^[0-9a-f-]{36}$/i, { message: 'planId must be the id of a plan.' })
  planId: string;

  @ApiPropertyOptional({ example: 'spring-campus-tour', description: 'Affiliate link the applicant came from' })
  @IsOptional() @IsString() @MaxLength(100)
  linkId?: string;

  @ApiPropertyOptional({ example: 'newsletter', description: 'Traffic source the applicant came from' })
  @IsOptional() @IsString() @MaxLength(100)
  sourceId?: string;
}

class CheckoutStartedDto {
  @ApiProperty({ description: "The provider's hosted checkout: send the browser there", example: '/api/v1/sandbox-checkout/cs_sandbox_…' })
  checkoutUrl: string;

  @ApiProperty({ example: 'cs_sandbox_3f9a1c7e5b2d8f4a6c0e1b3d' }) sessionId: string;
}

export class CheckoutResponseDto extends ApiResponseBase {
  @ApiProperty({ type: CheckoutStartedDto }) data: CheckoutStartedDto;
}

export class SubscriptionRecordDto {
  @ApiProperty({ example: true, description: 'Whether the members features are unlocked now' }) is_active_subscription: boolean;
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', format: 'uuid', description: 'Our id of the subscription (the cancel path takes it)' }) subscribed_id: string;
  @ApiProperty({ example: '$19', description: 'The monthly price, currency symbol first' }) price: string;
  @ApiProperty({ example: 'Unlimited applications, Essay help, Auto-apply', description: 'Benefits, comma-separated' }) description: string;
  @ApiProperty({ example: 'sandbox', enum: ['sandbox', 'stripe'] }) payment_gateway: string;
  @ApiProperty({ example: 'trialing', enum: MEMBERSHIP_STATES }) status: MembershipState;
  @ApiProperty({ example: 'Quarterly Plan' }) title: string;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', type: 'string', format: 'date-time', nullable: true, description: 'Next renewal; for a cancelled plan, when its benefits end' })
  next_billing_date: string | null;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', type: 'string', format: 'date-time', nullable: true }) trial_ends_at: string | null;
}

/** One free trial per person (docs/payments.md, "One free trial"). */
export class FreeTrialDto {
  @ApiProperty({ example: true, description: 'Whether a checkout opened now starts with the free trial; false once the person has had it' })
  available: boolean;

  @ApiProperty({ example: TRIAL_DAYS, enum: [0, TRIAL_DAYS], description: `The free days a checkout opened now gives: ${TRIAL_DAYS}, or 0 (the plan bills at once) once the trial was used` })
  days: number;

  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', type: 'string', format: 'date-time', nullable: true, description: 'When the free trial was taken; null while it is still available' })
  usedAt: string | null;
}

class CurrentSubscriptionDto {
  @ApiProperty({ type: [SubscriptionRecordDto], description: 'The membership to show first, or empty when the applicant never subscribed' })
  userWithSubscription: SubscriptionRecordDto[];

  @ApiProperty({ example: true }) isActiveSubscription: boolean;

  @ApiProperty({ type: FreeTrialDto, description: "The applicant's free trial: still available, or when it was used" })
  freeTrial: FreeTrialDto;
}

export class CurrentSubscriptionResponseDto extends ApiResponseBase {
  @ApiProperty({ type: CurrentSubscriptionDto }) data: CurrentSubscriptionDto;
}

export class CancelSubscriptionResponseDto extends ApiResponseBase {
  @ApiProperty({ type: SubscriptionRecordDto }) data: SubscriptionRecordDto;
}

export class WebhookAnswerDto {
  @ApiProperty({ example: true }) received: boolean;
  @ApiProperty({ example: 'processed', enum: ['processed', 'duplicate', 'stored for retry'] }) outcome: string;
}

export class WebhookResponseDto extends ApiResponseBase {
  @ApiProperty({ type: WebhookAnswerDto }) data: WebhookAnswerDto;
}

export class AdvanceClockDto {
  @ApiProperty({ description: 'Seconds to move the sandbox clock forward (at most 400 days)', example: 691200 })
  @IsInt({ message: 'seconds must be a whole number.' }) @Min(1) @Max(400 * 86_400, { message: 'seconds may be at most 400 days.' })
  seconds: number;
}
