import { Body, Controller, Get, Header, Param, ParseUUIDPipe, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MESSAGES } from '@scholarmatch/schemas';
import { type Caller, CurrentUser } from '../auth/auth.decorators.js';
import { ok } from '../common/api-response.js';
import { ApiErrorResponses } from '../common/error-body.js';
import { ApplicantResponseDto, UpdateApplicantDto, UpdatedApplicantResponseDto } from './dto/applicant.dto.js';
import { ProfileService } from './profile.service.js';
import { OperationId } from '../common/operation-id.js';

@ApiTags('register-applicants')
@ApiBearerAuth()
@ApiErrorResponses()
@Controller('register-applicants')
export class ProfileController {
  constructor(private readonly profiles: ProfileService) {}

  @Get('profile')
  @Header('cache-control', 'no-store')
  @ApiOperation({ description: 'The signed-in applicant\'s account plus `applicantFields`: their answers to the active profile fields, each with the field\'s key, name and type. Answered with `Cache-Control: no-store`, as it holds personal data.', summary: 'The signed-in applicant with their profile answers (applicantFields)' })
  @ApiOkResponse({ type: ApplicantResponseDto })
  @OperationId('getProfile')
  async profile(@CurrentUser() caller: Caller) {
    return ok(await this.profiles.get(caller));
  }

  @Put(':id')
  @ApiOperation({
    summary: 'Save the registration step or one profile tab (the owner only)',
    description:
      'Answers are merged into the stored ones by field and validated against the compiled schema of `formKey` ' +
      "(default 'registration'); 400 INVALID_ANSWERS carries `errors` with the field paths and the form's messages. " +
      "Answers under a hidden branch are dropped; the GPA is recomputed. 403 for another applicant's id.",
  })
  @ApiOkResponse({ type: UpdatedApplicantResponseDto })
  @OperationId('saveProfile')
  async update(@CurrentUser() caller: Caller, @Param('id', new ParseUUIDPipe()) id: string, @Body() body: UpdateApplicantDto) {
    return { statusCode: 200, message: MESSAGES.profileUpdated, data: { applicant: await this.profiles.update(caller, id, body) } };
  }
}
