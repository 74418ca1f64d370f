import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** Success body `{ statusCode, message?, data }` (docs/api.md). */
export interface ApiResponse<T> {
  statusCode: number;
  message?: string;
  data: T;
}

export function ok<T>(data: T, message?: string): ApiResponse<T> {
  return message === undefined ? { statusCode: 200, data } : { statusCode: 200, message, data };
}

export class ApiResponseBase {
  @ApiProperty({ example: 200 })
  statusCode: number;

  @ApiPropertyOptional({ example: 'OK' })
  message?: string;
}
