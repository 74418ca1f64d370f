import { Injectable } from '@nestjs/common';
import { todayIso, type Requirement } from '@scholarmatch/schemas';
import { htmlToText } from '@scholarmatch/schemas/html';
import { stringify } from 'csv-stringify';
import { Readable } from 'node:stream';
import type { Caller } from '../auth/auth.decorators.js';
import { ReviewAccess } from './review-access.js';
import { ReviewRepository, type ApplicantRow } from './review.repository.js';
import { referenceOf } from './review.service.js';

/** Rows read per query: the export holds one batch at a time, whatever the number of applications. */
export const EXPORT_BATCH = 500;

const COMMON = ['Reference', 'Application id', 'Status', 'Submitted at', 'Eligibility', 'Average score', 'Reviews'];
const PERSONAL = ['First name', 'Last name', 'E-mail', 'Phone', 'School'];

/** An answer as one cell: text, an address, an essay's plain text, yes/no. */
function cellOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'object') {
    const { text, url } = value as { text?: unknown; url?: unknown };
    if (typeof text === 'string') return htmlToText(text);
    if (typeof url === 'string') return url;
    return JSON.stringify(value);
  }
  return String(value);
}

/**
 * The applicants export (docs/review.md, "Export"): CSV by RFC 4180 (CRLF, quoting) with formula
 * cells neutralised, personal columns left out under blind review, read in keyset batches and
 * written as the reply is read, so memory stays flat.
 */
@Injectable()
export class ReviewExport {
  constructor(
    private readonly review: ReviewRepository,
    private readonly access: ReviewAccess,
  ) {}

  async open(caller: Caller, scholarshipId: string): Promise<{ filename: string; stream: Readable }> {
    const scholarship = await this.access.reviewable(caller, scholarshipId);
    await this.review.judgeEligibility(scholarshipId, todayIso());
    const blind = scholarship.blindReview;
    const requirements = scholarship.requirements as Requirement[];
    const header = [...COMMON, ...(blind ? [] : PERSONAL), ...requirements.map((r) => r.title)];
    const rowOf = (row: ApplicantRow & { answers: Record<string, unknown> }) => [
      referenceOf(row.id), row.id, row.status, row.submittedAt.toISOString(), row.eligibility ?? 'missing', row.averageScore ?? '', String(row.reviewCount),
      ...(blind ? [] : [row.firstName, row.lastName, row.email, row.phone ?? '', row.school ?? '']),
      ...requirements.map((r) => cellOf(row.answers[r.field.key])),
    ];
    const review = this.review;
    async function* records() {
      yield header;
      let after: { submittedAt: Date; id: string } | null = null;
      for (;;) {
        const batch = await review.exportBatch(scholarshipId, after, EXPORT_BATCH);
        for (const row of batch) yield rowOf(row);
        if (batch.length < EXPORT_BATCH) return;
        const last = batch[batch.length - 1];
        after = { submittedAt: last.submittedAt, id: last.id };
      }
    }
    const csv = stringify({ record_delimiter: 'windows', escape_formulas: true, quoted_match: /[\r\n]/ });
    const source = Readable.from(records());
    // A failed read ends the download instead of leaving it open.
    source.on('error', (error) => csv.destroy(error));
    const stream = source.pipe(csv);
    return { filename: `applicants-${scholarship.slug ?? scholarship.id}.csv`, stream };
  }
}
