import { Body, Controller, Get, HttpCode, Optional, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Roles } from '../auth/auth.decorators.js';
import { ApiResponseBase, ok } from '../common/api-response.js';
import { ApiError, ApiErrorResponses } from '../common/error-body.js';
import { SandboxProvider } from '../payments/sandbox/sandbox-provider.js';
import { PaymentEventsQueryDto, PaymentEventsResponseDto } from './dto/payment-events.dto.js';
import { AdvanceClockDto } from './dto/plans.dto.js';
import { MembershipJobs } from './membership-jobs.js';
import { PaymentEventsService } from './payment-events.service.js';
import { OperationId } from '../common/operation-id.js';

class ClockAdvancedDto {
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z', format: 'date-time', description: "The sandbox's time now" }) now: string;
  @ApiProperty({ example: 3, description: 'Trial ends, renewals, retries and ends that ran' }) steps: number;
  @ApiProperty({ example: 1, description: 'Trial reminders e-mailed' }) remindersSent: number;
}

class ClockAdvancedResponseDto extends ApiResponseBase {
  @ApiProperty({ type: ClockAdvancedDto }) data: ClockAdvancedDto;
}

@ApiTags('admin')
@ApiBearerAuth()
@ApiErrorResponses()
@Roles('admin')
@Controller('admin/payments')
export class AdminPaymentsController {
  constructor(
    private readonly events: PaymentEventsService,
    private readonly jobs: MembershipJobs,
    @Optional() private readonly sandbox?: SandboxProvider,
  ) {}

  @Post('sandbox/clock')
  @Roles('admin')
  @HttpCode(200)
  @ApiOperation({
    summary: "Move the sandbox provider's clock forward (admins; demos and tests)",
    description: 'Runs what became due at once: trial ends, renewals, failed-payment retries, ends of cancelled subscriptions (each sends its webhooks), and trial reminders. 404 when the provider is not the sandbox.',
  })
  @ApiOkResponse({ type: ClockAdvancedResponseDto })
  @OperationId('advanceSandboxClock')
  async advance(@Body() body: AdvanceClockDto) {
    if (!this.sandbox) throw new ApiError(404, 'The payment provider is not the sandbox; its clock is the real one.', { errorCode: 'NOT_SANDBOX' });
    const { now, processed } = await this.sandbox.advanceClock(body.seconds);
    const remindersSent = await this.jobs.sendTrialReminders();
    return ok({ now: now.toISOString(), steps: processed, remindersSent });
  }

  @Get('events')
  @Roles('admin', 'support')
  @ApiOperation({
    summary: 'The payment webhooks received, newest first (audit; admins and support, read only)',
    description: "Filters combine: failed, type, the member's e-mail, received from (inclusive) and to (exclusive).",
  })
  @ApiOkResponse({ type: PaymentEventsResponseDto })
  @OperationId('listPaymentEvents')
  async list(@Query() query: PaymentEventsQueryDto) {
    const { failed, type, email, from, to, limit } = query;
    return ok(await this.events.recent({ limit: limit ?? 200, onlyFailed: failed === 'true', type: type || undefined, email, from, to }));
  }
}
