import { Body, Controller, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Caller, CurrentUser } from '../auth/auth.decorators.js';
import { ApiErrorResponses } from '../common/error-body.js';
import { RateLimited } from '../common/rate-limit.js';
import { EssayRequestDto, EssayResponseDto } from './dto/essay.dto.js';
import { ESSAYS_PER_HOUR_PER_PERSON, EssayRequestLimit } from './essay-request-limit.js';
import { EssayService } from './essay.service.js';
import { OperationId } from '../common/operation-id.js';

/** A model call is slow and may cost money: a person regenerating a draft stays well below this. */
const ESSAYS_PER_MINUTE = 10;

@ApiTags('register-applicants')
@ApiBearerAuth()
@ApiErrorResponses()
@Controller('register-applicants')
export class EssaysController {
  constructor(
    private readonly essays: EssayService,
    private readonly perPerson: EssayRequestLimit,
  ) {}

  @RateLimited(ESSAYS_PER_MINUTE)
  @Post('get-essay')
  @ApiOperation({
    summary: 'An essay draft or an outline for a scholarship, from your profile (signed in, rate-limited)',
    description:
      'The server builds the prompt from the scholarship (title, description) and your name, school and field of study; `prompt` is your own ' +
      "extra instruction. `kind` defaults to essay (the original client sends only `prompt`). `source: 'offline'` when no AI model is configured (the built-in generator wrote it). The content is sanitised HTML. " +
      `An unknown or draft scholarship is 404 SCHOLARSHIP_NOT_FOUND; when the AI model fails or times out, 502 ESSAY_AI_FAILED. At most ${ESSAYS_PER_MINUTE} per minute from one network, and ${ESSAYS_PER_HOUR_PER_PERSON} per hour per person (429 RATE_LIMITED).`,
  })
  @ApiCreatedResponse({ type: EssayResponseDto })
  @OperationId('draftEssay')
  async getEssay(@CurrentUser() caller: Caller, @Body() body: EssayRequestDto) {
    await this.perPerson.take(caller.id);
    return { statusCode: 201, data: await this.essays.write(caller, body) };
  }
}
