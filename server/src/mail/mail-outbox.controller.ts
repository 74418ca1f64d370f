import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsEmail, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { Roles } from '../auth/auth.decorators.js';
import { ApiResponseBase, ok } from '../common/api-response.js';
import { ApiErrorResponses } from '../common/error-body.js';
import { trim } from '../common/transforms.js';
import { OutboxReader } from './outbox-mailer.js';
import { OperationId } from '../common/operation-id.js';

class OutboxQueryDto {
  @ApiPropertyOptional({ description: 'Only messages to this address' })
  @IsOptional()
  @IsEmail()
  to?: string;

  @ApiPropertyOptional({ description: "Only messages whose address or subject holds this text (any letter case)", maxLength: 200, example: 'maya@' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(200)
  search?: string;

  @ApiPropertyOptional({ default: 20, minimum: 1, maximum: 100 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;
}

class OutboxMessageDto {
  @ApiProperty({ example: 1 }) id: number;
  @ApiProperty({ example: 'maya.lopez@example.com' }) to: string;
  @ApiProperty({ example: 'Grace Hopper Foundation', type: String, nullable: true, description: "The sender's name shown with MAIL_FROM's address (an organisation's name); null: MAIL_FROM as configured" }) fromName: string | null;
  @ApiProperty({ example: 'Your password reset code' }) subject: string;
  @ApiProperty({ example: 'Your code is 482913. It expires in 10 minutes.' }) text: string;
  @ApiProperty({ example: '<p>Your code is <strong>482913</strong>. It expires in 10 minutes.</p>', type: String, nullable: true }) html: string | null;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z' }) createdAt: Date;
}

class OutboxResponseDto extends ApiResponseBase {
  @ApiProperty({ type: [OutboxMessageDto] })
  data: OutboxMessageDto[];
}

@ApiTags('admin')
@ApiBearerAuth()
@ApiErrorResponses()
@Roles('admin')
@Controller('admin/mail-outbox')
export class MailOutboxController {
  constructor(private readonly outbox: OutboxReader) {}

  @Get()
  @ApiOperation({
    summary: 'E-mails kept in the outbox, newest first (admins)',
    description: 'With no SMTP_URL configured, every e-mail (e.g. password-reset codes) is stored here instead of sent.',
  })
  @ApiOkResponse({ type: OutboxResponseDto })
  @OperationId('listOutboxMail')
  async list(@Query() query: OutboxQueryDto) {
    return ok(await this.outbox.latest({ to: query.to, search: query.search || undefined, limit: query.limit ?? 20 }));
  }
}
