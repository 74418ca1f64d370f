import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { AssistanceAnswerDto, AssistanceQuestionDto } from './dto/assistance.dto.js';

/** The `assistance_questions` rows (answers stored as sanitised HTML). */
@Injectable()
export class AssistanceRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Every question, in the editors' order. */
  async findQuestions(): Promise<AssistanceQuestionDto[]> {
    return (await this.db.query(`SELECT id, question FROM assistance_questions ORDER BY position, id`)) as AssistanceQuestionDto[];
  }

  /** The question with its answer, and whether the reader is a member; undefined when there is no such question. */
  async findAnswerFor(id: number, readerId: string): Promise<(AssistanceAnswerDto & { member: boolean }) | undefined> {
    const [row] = (await this.db.query(
      `SELECT q.id, q.question, q.answer,
              coalesce((SELECT is_active_subscription FROM users WHERE id = $2), false) AS member
         FROM assistance_questions q WHERE q.id = $1`,
      [id, readerId],
    )) as (AssistanceAnswerDto & { member: boolean })[];
    return row;
  }
}
