import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { sql } from 'kysely';
import type { DataSource } from 'typeorm';
import { kyselyOf } from '../database/kysely.js';
import type { AssistanceAnswerDto, AssistanceQuestionDto } from './dto/assistance.dto.js';

/** The `assistance_questions` rows (answers stored as sanitised HTML). */
@Injectable()
export class AssistanceRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Every question, in the editors' order. */
  async findQuestions(): Promise<AssistanceQuestionDto[]> {
    return kyselyOf(this.db).selectFrom('assistance_questions').select(['id', 'question']).orderBy('position').orderBy('id').execute();
  }

  /** The question with its answer, and whether the reader is a member; undefined when there is no such question. */
  async findAnswerFor(id: number, readerId: string): Promise<(AssistanceAnswerDto & { member: boolean }) | undefined> {
    return kyselyOf(this.db)
      .selectFrom('assistance_questions as q')
      .select(['q.id', 'q.question', 'q.answer', sql<boolean>`coalesce((SELECT is_active_subscription FROM users WHERE id = ${readerId}), false)`.as('member')])
      .where('q.id', '=', id)
      .executeTakeFirst();
  }
}
