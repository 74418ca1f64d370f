import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { ApiResponseBase, ok } from '../common/api-response.js';
import { ApiError, ApiErrorResponses, ErrorBodyDto } from '../common/error-body.js';
import { Public } from '../auth/auth.decorators.js';
import { HealthService } from './health.service.js';
import { OperationId } from '../common/operation-id.js';
import { Readiness } from './readiness.js';

class HealthDto {
  @ApiProperty({ example: 'ok' })
  status: string;

  @ApiProperty({ example: 'up' })
  database: string;
}

class HealthResponseDto extends ApiResponseBase {
  @ApiProperty({ type: HealthDto })
  data: HealthDto;
}

class LivenessDto {
  @ApiProperty({ example: 'alive' })
  status: string;

  @ApiProperty({ enum: ['web', 'worker', 'all'], example: 'web', description: 'This process\'s PROCESS_ROLE' })
  role: string;

  @ApiProperty({ example: 3600, description: 'Seconds since the process started' })
  uptimeSeconds: number;
}

class LivenessResponseDto extends ApiResponseBase {
  @ApiProperty({ type: LivenessDto })
  data: LivenessDto;
}

class ReadinessChecksDto {
  @ApiProperty({ example: 'up', description: '`up` or `unreachable`' })
  database: string;

  @ApiProperty({ example: 'current', description: '`current`, `N pending`, or `unknown` while the database is unreachable' })
  migrations: string;

  @ApiProperty({ example: 'queueing only', description: '`queueing only` (a web process), `running (N workers)`, `no workers` or `stopped`' })
  jobs: string;

  @ApiProperty({ example: 'up', description: '`local disk`, or for an S3 bucket `up` or `unreachable`' })
  storage: string;
}

class ReadinessDto {
  @ApiProperty({ example: 'ready' })
  status: string;

  @ApiProperty({ enum: ['web', 'worker', 'all'], example: 'web' })
  role: string;

  @ApiProperty({ type: ReadinessChecksDto })
  checks: ReadinessChecksDto;

  @ApiProperty({ example: '2026-11-28T17:00:00.000Z', description: 'When the background probe ran these checks (every second)' })
  checkedAt: string;
}

class ReadinessResponseDto extends ApiResponseBase {
  @ApiProperty({ type: ReadinessDto })
  data: ReadinessDto;
}

const NOT_READY_EXAMPLE = {
  statusCode: 503,
  error: 'Service Unavailable',
  message: 'Service Unavailable',
  description: 'This server is not ready: The database is not reachable.',
  errorCode: 'NOT_READY',
  errors: [{ path: 'database', message: 'The database is not reachable.' }],
};

/**
 * `health` keeps its first meaning (200 when PostgreSQL answers within 2 s); `health/live` and
 * `health/ready` are the split probes of docs/operations.md, "Readiness".
 */
@ApiTags('health')
@ApiErrorResponses()
@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly service: HealthService,
    private readonly readiness: Readiness,
  ) {}

  @Get()
  @ApiOperation({ description: 'For load balancers and monitors, no token needed: 200 with `{ status: \'ok\', database: \'up\' }` when PostgreSQL answers within 2 seconds, else 503 with the error body.', summary: 'Liveness and readiness: 200 when PostgreSQL answers within 2 s' })
  @ApiOkResponse({ type: HealthResponseDto })
  @ApiServiceUnavailableResponse({ type: ErrorBodyDto, description: 'The database does not answer' })
  @OperationId('getHealth')
  async health() {
    return ok(await this.service.check());
  }

  @Get('live')
  @ApiOperation({
    summary: 'Liveness: 200 while the process answers',
    description:
      'For a supervisor that restarts a process that hangs, no token needed. Always 200 while the process can answer HTTP, whatever the database does: restarting a process because its database is away would not bring the database back. Answered by every process role.',
  })
  @ApiOkResponse({ type: LivenessResponseDto, description: 'The process answers', example: { statusCode: 200, data: { status: 'alive', role: 'web', uptimeSeconds: 3600 } } })
  @OperationId('getLiveness')
  live() {
    return ok({ status: 'alive', role: this.readiness.current.role, uptimeSeconds: Math.round(process.uptime()) });
  }

  @Get('ready')
  @ApiOperation({
    summary: 'Readiness: 200 when this process can do its work, else 503 naming what is not ready',
    description:
      'For load balancers and orchestrators, no token needed. 200 when PostgreSQL answers, no database migration of this version is pending, the job queue runs as this process\'s role asks (queueing in a `web` process, workers in `worker` and `all`), and the S3 bucket answers when uploads go to one. ' +
      'Otherwise 503 NOT_READY, whose `description` names what is not ready and whose `errors` list each failing check (`path` is `database`, `migrations`, `jobs`, `storage`, or `shutdown` from the moment the process was told to stop). The answer is the last result of a background probe that runs every second; while it fails, the process answers 503 NOT_READY to every request but the health routes, without touching the database.',
  })
  @ApiOkResponse({
    type: ReadinessResponseDto,
    description: 'Ready: every check passed in the last probe',
    example: { statusCode: 200, data: { status: 'ready', role: 'web', checks: { database: 'up', migrations: 'current', jobs: 'queueing only', storage: 'up' }, checkedAt: '2026-11-28T17:00:00.000Z' } },
  })
  @ApiServiceUnavailableResponse({ type: ErrorBodyDto, description: 'Something this process needs is not ready', example: NOT_READY_EXAMPLE })
  @OperationId('getReadiness')
  ready() {
    const report = this.readiness.current;
    if (!report.ready) {
      throw new ApiError(503, `This server is not ready: ${report.problems.map((problem) => problem.message).join(' ')}`, {
        errorCode: 'NOT_READY',
        errors: report.problems.map((problem) => ({ path: problem.check, message: problem.message })),
      });
    }
    return ok({ status: 'ready', role: report.role, checks: report.checks, checkedAt: report.checkedAt });
  }
}
