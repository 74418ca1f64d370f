import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../auth/auth.decorators.js';
import { ApiErrorResponses } from '../common/error-body.js';
import { sendVersionedJson } from '../common/json-reply.js';
import { FieldDefinitionsResponseDto } from '../forms/dto/form.dto.js';
import { FormsService } from '../forms/forms.service.js';

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
  async formFields(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const { etag, body } = await this.forms.formFields();
    sendVersionedJson(request, reply, etag, body);
  }
}
