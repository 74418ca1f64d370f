import { Body, Controller, Get, Header, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '@scholarmatch/schemas';
import { type Caller, CurrentUser, Roles } from '../auth/auth.decorators.js';
import { ok } from '../common/api-response.js';
import { ApiErrorResponses } from '../common/error-body.js';
import { uuidOf } from '../common/id-pipe.js';
import { VisitorCountryService } from '../geo/visitor-country.service.js';
import { CancelSubscriptionResponseDto, CheckoutDto, CheckoutResponseDto, CurrentSubscriptionResponseDto } from './dto/plans.dto.js';
import { MembershipsService } from './memberships.service.js';
import { Idempotent } from '../idempotency/idempotent.decorator.js';
import { OperationId } from '../common/operation-id.js';

@ApiTags('subscriptions')
@ApiBearerAuth()
@ApiErrorResponses()
@Roles('applicant')
@Controller('user-payments')
export class UserPaymentsController {
  constructor(
    private readonly memberships: MembershipsService,
    private readonly visitorCountry: VisitorCountryService,
  ) {}

  @Post('checkout')
  @Idempotent()
  @ApiOperation({
    summary: 'Open the payment provider checkout for a plan: a 7-day free trial, or billed at once for a person who has had theirs',
    description: 'One free trial per person (current-subscription says whether it is still available). 409 ALREADY_SUBSCRIBED when a membership is active; 404 PLAN_NOT_FOUND; 502 when the provider does not answer.',
  })
  @ApiCreatedResponse({ type: CheckoutResponseDto })
  @OperationId('createCheckout')
  async checkout(@CurrentUser() caller: Caller, @Body() body: CheckoutDto, @Req() request: FastifyRequest) {
    const started = await this.memberships.startCheckout(caller.id, {
      ...body,
      userAgent: request.headers['user-agent']?.slice(0, 500),
      ipAddress: request.ip,
      countryCode: await this.visitorCountry.countryOf(request.ip),
    });
    return { statusCode: 201, data: started };
  }

  @Get('current-subscription')
  @Header('cache-control', 'no-store')
  @ApiOperation({ description: 'Applicants only. The caller\'s membership record (in `userWithSubscription[0]`, empty when none), `isActiveSubscription` and the free trial. Before answering \'not subscribed\' it asks the payment provider about a checkout just completed, so a payment shows at once. Not cached.', summary: "The applicant's membership (data.userWithSubscription[0]) and free trial; asks the provider about a checkout just completed" })
  @ApiOkResponse({ type: CurrentSubscriptionResponseDto })
  @OperationId('getMembership')
  async current(@CurrentUser() caller: Caller) {
    const record = await this.memberships.current(caller.id);
    const freeTrial = await this.memberships.freeTrial(caller.id);
    return ok({ userWithSubscription: record ? [record] : [], isActiveSubscription: record?.is_active_subscription ?? false, freeTrial });
  }

  @Post('cancel-subscription/:subscribed_id/:payment_gateway')
  @HttpCode(200)
  @ApiParam({ name: 'payment_gateway', enum: ['sandbox', 'stripe'] })
  @ApiOperation({
    summary: 'Cancel at the end of the period: no renewal, benefits until next_billing_date (owner only)',
    description: '404 SUBSCRIPTION_NOT_FOUND for a subscription that is not yours; 409 ALREADY_CANCELLED.',
  })
  @ApiOkResponse({ type: CancelSubscriptionResponseDto })
  @OperationId('cancelMembership')
  async cancel(@CurrentUser() caller: Caller, @Param('subscribed_id', uuidOf('subscription')) id: string, @Param('payment_gateway') gateway: string) {
    return ok(await this.memberships.cancel(caller.id, id, gateway), MESSAGES.subscriptionCancelled);
  }
}
