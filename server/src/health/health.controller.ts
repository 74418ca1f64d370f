import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { ApiResponseBase, ok } from '../common/api-response.js';
import { ApiErrorResponses, ErrorBodyDto } from '../common/error-body.js';
import { Public } from '../auth/auth.decorators.js';
import { HealthService } from './health.service.js';
import { OperationId } from '../common/operation-id.js';

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

/** Liveness and readiness in one: answers 200 only when PostgreSQL answers, within 2 s. */
@ApiTags('health')
@ApiErrorResponses()
@Public()
@Controller('health')
export class HealthController {
  constructor(private readonly service: HealthService) {}

  @Get()
  @ApiOperation({ description: 'For load balancers and monitors, no token needed: 200 with `{ status: \'ok\', database: \'up\' }` when PostgreSQL answers within 2 seconds, else 503 with the error body.', summary: 'Liveness and readiness: 200 when PostgreSQL answers within 2 s' })
  @ApiOkResponse({ type: HealthResponseDto })
  @ApiServiceUnavailableResponse({ type: ErrorBodyDto, description: 'The database does not answer' })
  @OperationId('getHealth')
  async health() {
    return ok(await this.service.check());
  }
}
