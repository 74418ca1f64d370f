import { Injectable } from '@nestjs/common';
import type { Caller } from '../auth/auth.decorators.js';
import { ApiError } from '../common/error-body.js';
import { subscriptionRequired } from '../scholarships/membership-gate.js';
import { AssistanceRepository } from './assistance.repository.js';
import type { AssistanceAnswerDto, AssistanceQuestionDto } from './dto/assistance.dto.js';

/**
 * The assistance questions (how to write a personal statement, ask for a recommendation…):
 * everyone signed in sees the questions, members read the answers. The answers are stored as
 * sanitised HTML.
 */
@Injectable()
export class AssistanceService {
  constructor(private readonly assistance: AssistanceRepository) {}

  questions(): Promise<AssistanceQuestionDto[]> {
    return this.assistance.findQuestions();
  }

  async answer(caller: Caller, id: number): Promise<AssistanceAnswerDto> {
    const row = await this.assistance.findAnswerFor(id, caller.id);
    if (!row) throw new ApiError(404, 'There is no such question.', { errorCode: 'QUESTION_NOT_FOUND' });
    if (!row.member) throw subscriptionRequired('Answers are for members. Start your free 7-day membership to see them.');
    return { id: row.id, question: row.question, answer: row.answer };
  }
}
