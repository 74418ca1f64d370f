import { Body, Controller, Get, HttpCode, Optional, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProperty, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Roles } from '../auth/auth.decorators.js';
import { ApiResponseBase, ok } from '../common/api-response.js';
import { ApiError, ApiErrorResponses } from '../common/error-body.js';
import { SandboxProvider } from '../payments/sandbox/sandbox-provider.js';
import { AdvanceClockDto } from './dto/plans.dto.js';
import { MembershipJobs } from './membership-jobs.js';
import { PaymentEventsService } from './payment-events.service.js';

class ClockAdvancedDto {
  @ApiProperty({ format: 'date-time', description: "The sandbox's time now" }) now: string;
  @ApiProperty({ description: 'Trial ends, renewals, retries and ends that ran' }) steps: number;
  @ApiProperty({ description: 'Trial reminders e-mailed' }) remindersSent: number;
}

class ClockAdvancedResponseDto extends ApiResponseBase {
  @ApiProperty({ type: ClockAdvancedDto }) data: ClockAdvancedDto;
}

class PaymentEventDto {
  @ApiProperty() gateway: string;
  @ApiProperty() eventId: string;
  @ApiProperty() type: string;
  @ApiProperty({ format: 'date-time' }) occurredAt: string;
  @ApiProperty({ format: 'date-time' }) receivedAt: string;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, description: 'Null while it waits for a retry' }) processedAt: string | null;
  @ApiProperty() attempts: number;
  @ApiProperty({ type: 'string', nullable: true }) lastError: string | null;
}

class PaymentEventsResponseDto extends ApiResponseBase {
  @ApiProperty({ type: [PaymentEventDto] }) data: PaymentEventDto[];
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
  async advance(@Body() body: AdvanceClockDto) {
    if (!this.sandbox) throw new ApiError(404, 'The payment provider is not the sandbox; its clock is the real one.', { errorCode: 'NOT_SANDBOX' });
    const { now, processed } = await this.sandbox.advanceClock(body.seconds);
    const remindersSent = await this.jobs.sendTrialReminders();
    return ok({ now: now.toISOString(), steps: processed, remindersSent });
  }

  @Get('events')
  @Roles('admin', 'support')
  @ApiOperation({ summary: 'The payment webhooks received, newest first (audit; admins and support, read only)' })
  @ApiQuery({ name: 'failed', required: false, type: Boolean, description: 'Only those still waiting for a retry' })
  @ApiOkResponse({ type: PaymentEventsResponseDto })
  async list(@Query('failed') failed?: string) {
    return ok(await this.events.recent(200, failed === 'true'));
  }
}
