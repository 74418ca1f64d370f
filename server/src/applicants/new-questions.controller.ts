import { Controller, Get, Header } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Caller, CurrentUser, Roles } from '../auth/auth.decorators.js';
import { ok } from '../common/api-response.js';
import { ApiErrorResponses } from '../common/error-body.js';
import { NewQuestionsResponseDto } from './dto/new-questions.dto.js';
import { NewQuestionsService } from './new-questions.service.js';
import { OperationId } from '../common/operation-id.js';

@ApiTags('register-applicants')
@ApiBearerAuth()
@ApiErrorResponses()
@Roles('applicant')
@Controller('users/me')
export class NewQuestionsController {
  constructor(private readonly questions: NewQuestionsService) {}

  @Get('new-questions')
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary: 'Profile questions made required since you joined that you have not answered',
    description: 'Each with the profile tab that asks it (`basic`, `education` or `contact`). Saving a tab never requires another tab\'s questions.',
  })
  @ApiOkResponse({ type: NewQuestionsResponseDto })
  @OperationId('listNewProfileQuestions')
  async list(@CurrentUser() caller: Caller) {
    return ok({ fields: await this.questions.of(caller) });
  }
}
