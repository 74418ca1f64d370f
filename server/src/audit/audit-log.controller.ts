import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../auth/auth.decorators.js';
import { ApiErrorResponses } from '../common/error-body.js';
import { AuditLog } from './audit-log.service.js';
import { AuditLogQueryDto, AuditLogResponseDto } from './dto/audit-log.dto.js';
import { OperationId } from '../common/operation-id.js';

const DEFAULT_LIMIT = 50;

/** Reading the staff's audit log (docs/console.md, "Audit log"). */
@ApiTags('admin')
@ApiBearerAuth()
@ApiErrorResponses()
@Roles('admin')
@Controller('admin/audit-log')
export class AuditLogController {
  constructor(private readonly audit: AuditLog) {}

  @Get()
  @ApiOperation({
    summary: 'What staff did, newest first (admins)',
    description:
      'One row per staff action (a field added, changed or deactivated, a plan changed, a membership set, a support request answered), written in the ' +
      "action's own transaction, with the actor, what it touched and its state before and after. Filters combine; `meta.total` counts every row they keep. " +
      'The log is append-only: the database refuses to change or delete a row, whoever asks.',
  })
  @ApiOkResponse({ type: AuditLogResponseDto })
  @OperationId('listAuditLog')
  async list(@Query() query: AuditLogQueryDto) {
    const filter = { actorId: query.actor, targetType: query.targetType, targetId: query.targetId, action: query.action, from: query.from, to: query.to };
    const { rows, total } = await this.audit.list(filter, query.offset ?? 0, query.limit ?? DEFAULT_LIMIT);
    return { statusCode: 200, data: rows, meta: { total } };
  }
}
