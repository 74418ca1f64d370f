import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Caller } from '../auth/auth.decorators.js';
import { ApiError } from '../common/error-body.js';
import { subscriptionRequired } from '../scholarships/membership-gate.js';
import type { AssistanceAnswerDto, AssistanceQuestionDto } from './dto/assistance.dto.js';

/**
 * The assistance questions (how to write a personal statement, ask for a recommendation…):
 * everyone signed in sees the questions, members read the answers. The answers are stored as
 * sanitised HTML.
 */
@Injectable()
export class AssistanceService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async questions(): Promise<AssistanceQuestionDto[]> {
    return (await this.db.query(`SELECT id, question FROM assistance_questions ORDER BY position, id`)) as AssistanceQuestionDto[];
  }

  async answer(caller: Caller, id: number): Promise<AssistanceAnswerDto> {
    const [row] = (await this.db.query(
      `SELECT q.id, q.question, q.answer,
              coalesce((SELECT is_active_subscription FROM users WHERE id = $2), false) AS member
         FROM assistance_questions q WHERE q.id = $1`,
      [id, caller.id],
    )) as (AssistanceAnswerDto & { member: boolean })[];
    if (!row) throw new ApiError(404, 'There is no such question.', { errorCode: 'QUESTION_NOT_FOUND' });
    if (!row.member) throw subscriptionRequired('Answers are for members. Start your free 7-day membership to see them.');
    return { id: row.id, question: row.question, answer: row.answer };
  }
}
