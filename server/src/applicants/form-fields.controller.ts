import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiErrorResponses } from '../common/error-body.js';
import { FieldDefinitionsResponseDto } from '../forms/dto/form.dto.js';
import { FormsService } from '../forms/forms.service.js';

@ApiTags('register-applicants')
@ApiErrorResponses()
@Controller('register-applicants')
export class FormFieldsController {
  constructor(private readonly forms: FormsService) {}

  @Get('form-fields')
  @ApiOperation({
    summary: 'Applicant profile field definitions (public)',
    description: "The active profile fields (the values stored as an applicant's applicantFields), with options as a map of value to label.",
  })
  @ApiOkResponse({ type: FieldDefinitionsResponseDto })
  async formFields(@Res() reply: FastifyReply): Promise<void> {
    reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(await this.forms.formFieldsBody());
  }
}
