import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import type { DB } from '../src/database/database-types.js';
import { inboxPageQuery } from '../src/inbox/inbox.repository.js';
import { APPLY_CHANGES, applicantsByMask, FRESHNESS, freshListPage, listPage, RECOMPUTE, STATS } from '../src/matching/match-statements.js';
import { APPLICANT_ORDERS, type ApplicantOrder } from '../src/review/review.repository.js';
import { applicantsPageStatement, COUNT_APPLICANTS } from '../src/review/review-statements.js';

/**
 * The SQL text of the hot statements (docs/architecture.md, "Data access"; docs/performance.md):
 * the list page, the counts, the recomputation, the review list and the inbox search. A change to
 * one shows here as a snapshot difference, so it is read in review and re-measured on purpose.
 */

/** Kysely that only compiles: no connection is made. */
const compiler = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

describe('the hot statements', () => {
  it('the list page, with and without the freshness check, in each order', () => {
    for (const orderBy of ['createdAt', 'deadline'] as const) {
      for (const order of ['ASC', 'DESC'] as const) {
        expect(listPage({ orderBy, order }).text).toMatchSnapshot(`list page ${orderBy} ${order}`);
        expect(freshListPage({ orderBy, order }).text).toMatchSnapshot(`fresh list page ${orderBy} ${order}`);
      }
    }
  });

  it('the counts: freshness, the teaser, the live count by rule mask', () => {
    expect(FRESHNESS.text).toMatchSnapshot('freshness');
    expect(STATS.text).toMatchSnapshot('teaser count');
    expect(applicantsByMask(3).text).toMatchSnapshot('applicants by rule mask (3 fields)');
  });

  it('the recomputation and the change job', () => {
    expect(RECOMPUTE.text).toMatchSnapshot('recompute');
    expect(APPLY_CHANGES.text).toMatchSnapshot('apply catalogue changes');
  });

  it('the review list and its count', () => {
    expect(COUNT_APPLICANTS.text).toMatchSnapshot('review count');
    for (const order of Object.keys(APPLICANT_ORDERS) as ApplicantOrder[]) {
      expect(applicantsPageStatement(order).text).toMatchSnapshot(`review page ${order}`);
    }
  });

  it('the inbox page, plain and searched', () => {
    const user = '00000000-0000-0000-0000-000000000001';
    const plain = inboxPageQuery(compiler, user, { search: '' }, 0, 20).compile();
    const searched = inboxPageQuery(compiler, user, { search: '50%', scholarshipId: '00000000-0000-0000-0000-000000000002' }, 20, 20).compile();
    expect(plain.sql).toMatchSnapshot('inbox page');
    expect({ sql: searched.sql, parameters: searched.parameters }).toMatchSnapshot('inbox search');
  });
});
