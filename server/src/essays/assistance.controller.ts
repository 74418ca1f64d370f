import { Controller, Get, Header, Param, ParseIntPipe } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Caller, CurrentUser } from '../auth/auth.decorators.js';
import { ok } from '../common/api-response.js';
import { ApiError, ApiErrorResponses } from '../common/error-body.js';
import { AssistanceService } from './assistance.service.js';
import { AssistanceAnswerResponseDto, AssistanceQuestionsResponseDto } from './dto/assistance.dto.js';
import { OperationId } from '../common/operation-id.js';

const questionId = new ParseIntPipe({ exceptionFactory: () => new ApiError(400, 'That is not a valid question id (expected a number).') });

/**
 * Static paths under scholarships/: Fastify's router prefers them to `scholarships/:id`
 * (ScholarshipDetailsController) whatever the registration order; test/essays.spec.ts proves it.
 */
@ApiTags('scholarships')
@ApiBearerAuth()
@ApiErrorResponses()
@Controller('scholarships/assistance')
export class AssistanceController {
  constructor(private readonly assistance: AssistanceService) {}

  @Get()
  @ApiOperation({ description: 'Any signed-in person: the application-help questions (writing a personal statement, asking for a recommendation, spotting scams…) as `{ id, question }`. The answers, GET .../assistance/{id}, are for members.', summary: 'The assistance questions: how to write a personal statement, ask for a recommendation, avoid scams… (signed in)' })
  @ApiOkResponse({ type: AssistanceQuestionsResponseDto })
  @OperationId('listAssistanceQuestions')
  async questions() {
    return ok(await this.assistance.questions());
  }

  @Get(':id')
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary: "One question's answer (members)",
    description: 'Non-members get 403 with errorCode SUBSCRIPTION_REQUIRED; an unknown id is 404 QUESTION_NOT_FOUND.',
  })
  @ApiOkResponse({ type: AssistanceAnswerResponseDto })
  @OperationId('getAssistanceAnswer')
  async answer(@CurrentUser() caller: Caller, @Param('id', questionId) id: number) {
    return ok(await this.assistance.answer(caller, id));
  }
}
