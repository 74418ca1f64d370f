import { Controller, Get, Ip } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponses } from '../common/error-body.js';
import { ApiResponseBase, ok } from '../common/api-response.js';
import { VisitorCountryService } from './visitor-country.service.js';
import { Public } from '../auth/auth.decorators.js';
import { OperationId } from '../common/operation-id.js';

class VisitorCountryDto {
  @ApiProperty({ description: 'ISO 3166-1 alpha-2 code, lower case', example: 'us' })
  country: string;
}

class VisitorCountryResponseDto extends ApiResponseBase {
  @ApiProperty({ type: VisitorCountryDto })
  data: VisitorCountryDto;
}

@ApiTags('common')
@ApiErrorResponses()
@Public()
@Controller('common')
export class GeoController {
  constructor(private readonly visitorCountry: VisitorCountryService) {}

  @Get('geo')
  @ApiOperation({
    summary: "The visitor's country (public)",
    description: "From the request's IP address; 'us' when it cannot be told. Preselects the phone country code.",
  })
  @ApiOkResponse({ type: VisitorCountryResponseDto })
  @OperationId('getVisitorCountry')
  async geo(@Ip() ip: string) {
    return ok({ country: await this.visitorCountry.countryOf(ip) });
  }
}
