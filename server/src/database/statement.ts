import { createHash } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import type { DataSource } from 'typeorm';
import { kyselyFor, poolOf, type Runs } from './kysely.js';

/**
 * A statement kept as SQL text (CTEs, jsonb functions, the matcher's set-based writes) with the
 * type of its rows and parameters declared once beside it, built from the generated table types
 * where its columns are a table's (docs/architecture.md, "Data access"). The row type is the one
 * place the text's select list is described; callers get typed rows without a cast.
 */
export class Statement<Row extends object, Params extends readonly unknown[] = readonly unknown[]> {
  #name?: string;

  constructor(readonly text: string) {}

  /** The name of its prepared form: one per text, computed once rather than per call. */
  get name(): string {
    this.#name ??= `q_${createHash('sha1').update(this.text).digest('hex').slice(0, 16)}`;
    return this.#name;
  }

  /** Its rows, on the pool or inside the caller's transaction. */
  async rows(on: Runs, values: Params): Promise<Row[]> {
    const query = CompiledQuery.raw(this.text, [...values]) as CompiledQuery<Row>;
    return (await kyselyFor(on).executeQuery(query)).rows;
  }

  /**
   * Its rows as a named prepared statement: PostgreSQL parses and plans it once per connection
   * instead of on every call (planning the list page cost about as much as running it). For the
   * few statements served thousands of times a second.
   */
  async prepared(db: DataSource, values: Params): Promise<Row[]> {
    return (await poolOf(db).query<Row>({ name: this.name, text: this.text, values: [...values] })).rows;
  }
}
