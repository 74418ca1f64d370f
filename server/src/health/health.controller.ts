import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiResponseBase, ok } from '../common/api-response.js';
import { ApiError, ApiErrorResponses, ErrorBodyDto } from '../common/error-body.js';
import { Public } from '../auth/auth.decorators.js';

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

/**
 * How long health waits for PostgreSQL. A host that hangs (rather than refusing connections)
 * would otherwise hold the probe as long as it hangs; a probe wants an answer in seconds.
 */
const HEALTH_DEADLINE_MS = 2_000;

function answersWithin<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** Liveness and readiness in one: answers 200 only when PostgreSQL answers, within 2 s. */
@ApiTags('health')
@ApiErrorResponses()
@Public()
@Controller('health')
export class HealthController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get()
  @ApiOkResponse({ type: HealthResponseDto })
  @ApiServiceUnavailableResponse({ type: ErrorBodyDto, description: 'The database does not answer' })
  async health() {
    try {
      await answersWithin(this.dataSource.query('SELECT 1'), HEALTH_DEADLINE_MS);
    } catch {
      throw new ApiError(503, 'The database is not reachable. Please try again in a moment.', { errorCode: 'DATABASE_DOWN' });
    }
    return ok({ status: 'ok', database: 'up' });
  }
}
