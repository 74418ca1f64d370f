import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Caller, CurrentUser } from '../auth/auth.decorators.js';
import { ok } from '../common/api-response.js';
import { ApiErrorResponses } from '../common/error-body.js';
import { RateLimited } from '../common/rate-limit.js';
import { EssayRequestDto, EssayResponseDto } from './dto/essay.dto.js';
import { EssayService } from './essay.service.js';

/** A model call is slow and may cost money: a person regenerating a draft stays well below this. */
const ESSAYS_PER_MINUTE = 10;

@ApiTags('register-applicants')
@ApiBearerAuth()
@ApiErrorResponses()
@Controller('register-applicants')
export class EssaysController {
  constructor(private readonly essays: EssayService) {}

  @RateLimited(ESSAYS_PER_MINUTE)
  @Post('get-essay')
  @HttpCode(200)
  @ApiOperation({
    summary: 'An essay draft or an outline for a scholarship, from your profile (signed in, rate-limited)',
    description:
      'The server builds the prompt from the scholarship (title, description) and your name, school and field of study; `prompt` is your own ' +
      "extra instruction. `source: 'offline'` when no AI model is configured (the built-in generator wrote it). The content is sanitised HTML. " +
      `An unknown or draft scholarship is 404 SCHOLARSHIP_NOT_FOUND; when the AI model fails or times out, 502 ESSAY_AI_FAILED. At most ${ESSAYS_PER_MINUTE} per minute from one network.`,
  })
  @ApiOkResponse({ type: EssayResponseDto })
  async getEssay(@CurrentUser() caller: Caller, @Body() body: EssayRequestDto) {
    return ok(await this.essays.write(caller, body));
  }
}
