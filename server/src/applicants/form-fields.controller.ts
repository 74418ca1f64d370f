import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { ApiResponseBase, ok } from '../common/api-response.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../auth/auth.decorators.js';
import { ApiErrorResponses } from '../common/error-body.js';
import { sendVersionedJson } from '../common/json-reply.js';
import { FieldDefinitionsResponseDto } from '../forms/dto/form.dto.js';
import { FormsService } from '../forms/forms.service.js';
import { OperationId } from '../common/operation-id.js';

class OptionSearchQueryDto {
  @ApiPropertyOptional({ description: 'Text to look for in the labels (any case)', example: 'stanford' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  q?: string;

  @ApiPropertyOptional({ description: 'Instead of searching: the option with this value (to show a stored answer)' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  value?: string;

  @ApiPropertyOptional({ default: 20, minimum: 1, maximum: 50 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(50)
  limit?: number;
}

class FieldKeyParamDto {
  @ApiProperty({ example: 'highSchoolName' })
  @Matches(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, { message: 'A field key has letters, digits and _ only.' })
  key: string;
}

class FieldOptionDto {
  @ApiProperty({ example: 'stanford-university-ca' }) value: string;
  @ApiProperty({ example: 'Stanford University (Stanford, CA)' }) label: string;
}

class FieldOptionsResponseDto extends ApiResponseBase {
  @ApiProperty({ type: [FieldOptionDto] })
  data: FieldOptionDto[];
}

@ApiTags('register-applicants')
@ApiErrorResponses()
@Controller('register-applicants')
export class FormFieldsController {
  constructor(private readonly forms: FormsService) {}

  @Public()
  @Get('form-fields')
  @ApiOperation({
    summary: 'Applicant profile field definitions (public)',
    description: "The active profile fields (the values stored as an applicant's applicantFields), with options as a map of value to label.",
  })
  @ApiOkResponse({ type: FieldDefinitionsResponseDto })
  @ApiResponse({ status: 304, description: 'Unchanged since the ETag in If-None-Match' })
  @OperationId('listProfileFields')
  async formFields(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const { etag, body } = await this.forms.formFields();
    sendVersionedJson(request, reply, etag, body);
  }

  @Public()
  @Get('form-fields/:key/options')
  @ApiOperation({
    summary: "Search a field's options (public)",
    description: 'Long catalogues (high schools, colleges) are searched here as the person types instead of being sent with the form.',
  })
  @ApiOkResponse({ type: FieldOptionsResponseDto })
  @OperationId('searchFieldOptions')
  async options(@Param() params: FieldKeyParamDto, @Query() query: OptionSearchQueryDto) {
    return ok(await this.forms.searchOptions(params.key, { q: query.q, value: query.value, limit: query.limit ?? 20 }));
  }
}
