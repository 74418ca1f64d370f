import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiError } from '../common/error-body.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiErrorResponses, ErrorBodyDto } from '../common/error-body.js';
import { sendVersionedJson } from '../common/json-reply.js';
import { ok } from '../common/api-response.js';
import { FormResponseDto, ValidatorModuleQueryDto } from './dto/form.dto.js';
import { FormValidationResponseDto, ValidateFormDto } from './dto/validate-form.dto.js';
import { FormKeyPipe } from './form-key.pipe.js';
import { FormsService } from './forms.service.js';
import { sendValidatorModule, StandaloneValidators, VALIDATOR_MODULE_DESCRIPTION, VALIDATOR_MODULE_EXAMPLE } from './standalone-validators.js';
import { Public } from '../auth/auth.decorators.js';
import { OperationId } from '../common/operation-id.js';

@ApiTags('forms')
@ApiErrorResponses()
@ApiParam({ name: 'formKey', example: 'profile-basic', description: 'Form key: lower-case letters, digits and dashes' })
@Public()
@Controller('forms')
export class FormsController {
  constructor(
    private readonly forms: FormsService,
    private readonly validators: StandaloneValidators,
  ) {}

  @Get(':formKey')
  @ApiOperation({
    summary: 'A form as JSON Schema + UI schema',
    description:
      'Compiled from the field definitions in the database. The ETag is the form version; send it in If-None-Match to get 304 when unchanged.',
  })
  @ApiOkResponse({ type: FormResponseDto })
  @ApiResponse({ status: 304, description: 'The form has not changed since the version in If-None-Match' })
  @ApiBadRequestResponse({ type: ErrorBodyDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'No form has this key' })
  @OperationId('getForm')
  async getForm(@Param('formKey', FormKeyPipe) formKey: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const form = await this.forms.getForm(formKey);
    sendVersionedJson(request, reply, form.etag, form.body);
  }

  @Get(':formKey/validator.js')
  @ApiOperation({ summary: "A form version's validator, precompiled for the browser", description: VALIDATOR_MODULE_DESCRIPTION })
  @ApiProduces('text/javascript')
  @ApiOkResponse({ description: 'An ES module', schema: { type: 'string', example: VALIDATOR_MODULE_EXAMPLE } })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'No form has this key, or this version is no longer served' })
  @OperationId('getFormValidatorModule')
  async validatorModule(
    @Param('formKey', FormKeyPipe) formKey: string,
    @Query() query: ValidatorModuleQueryDto,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const { compiled } = await this.forms.getForm(formKey);
    if (compiled.version !== query.version) {
      throw new ApiError(404, 'This version of the form is no longer served; reload the page.', { errorCode: 'FORM_VERSION_NOT_FOUND' });
    }
    sendValidatorModule(request, reply, await this.validators.moduleFor(`${formKey}@${compiled.version}`, compiled));
  }

  @Post(':formKey/validate')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Check answers against the current form without storing them',
    description:
      'Answers to fields hidden by a condition, or unknown to the form, are dropped (they would never be stored) and ' +
      'derived values (the 4-point GPA) recomputed; `data` holds the answers as the server would store them.',
  })
  @ApiOkResponse({ type: FormValidationResponseDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto })
  @OperationId('validateFormAnswers')
  async validate(@Param('formKey', FormKeyPipe) formKey: string, @Body() body: ValidateFormDto) {
    const { version, errors, answers } = await this.forms.validate(formKey, body.data);
    return ok({ valid: errors.length === 0, version, errors, data: answers });
  }
}
