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

/** Liveness and readiness in one: answers 200 only when PostgreSQL answers. */
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
      await this.dataSource.query('SELECT 1');
    } catch {
      throw new ApiError(503, 'The database is not reachable. Please try again in a moment.', { errorCode: 'DATABASE_DOWN' });
    }
    return ok({ status: 'ok', database: 'up' });
  }
}
