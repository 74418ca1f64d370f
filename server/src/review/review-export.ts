import { Injectable } from '@nestjs/common';
import { ELIGIBILITY_WORDS, todayIso, uploadIdOfUrl, type Requirement } from '@scholarmatch/schemas';
import { htmlToText } from '@scholarmatch/schemas/html';
import { stringify } from 'csv-stringify';
import { Readable } from 'node:stream';
import type { Caller } from '../auth/auth.decorators.js';
import { FileLinks } from '../uploads/file-links.js';
import { ReviewAccess } from './review-access.js';
import { ReviewRepository, type ApplicantRow } from './review.repository.js';
import { referenceOf } from './review.service.js';

/** Rows read per query: the export holds one batch at a time, whatever the number of applications. */
export const EXPORT_BATCH = 500;

const COMMON = ['Reference', 'Application id', 'Status', 'Submitted at', 'Eligibility', 'Average score', 'Reviews'];
const PERSONAL = ['First name', 'Last name', 'E-mail', 'Phone', 'School'];

/** The OpenAPI example of an export: the header and one row, for a scholarship with one essay (no blind review). */
export const APPLICANTS_CSV_EXAMPLE =
  [
    [...COMMON, ...PERSONAL, 'Personal essay'],
    ['9B2E7D14', '9b2e7d14-6a3c-4f85-b1d0-2c8e5f7a9b63', 'Received', '2026-11-02T14:30:00.000Z', 'Eligible', '7.5', '2', 'Maya', 'Lopez', 'maya.lopez@example.com', '+12025550143', 'Lincoln High School', 'When my family moved to Ohio…'],
  ]
    .map((row) => row.join(','))
    .join('\r\n') + '\r\n';

/** What a spreadsheet would run as a formula: a cell starting with = + - @, a tab or a carriage return (OWASP's list). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** An international phone number (E.164: '+', then 7 to 15 digits): it cannot carry a formula. */
const INTERNATIONAL_PHONE = /^\+[1-9]\d{6,14}$/;

/** The cell's text, with a leading `'` when a spreadsheet would take it for a formula. */
export function guardFormula(text: string): string {
  return FORMULA_START.test(text) && !INTERNATIONAL_PHONE.test(text) ? `'${text}` : text;
}

/** An answer as one cell: text, an essay's plain text, Yes/No, and an upload as a signed link `fileLink` makes. */
function cellOf(value: unknown, fileLink: (fileId: string) => string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') {
    const { text, url } = value as { text?: unknown; url?: unknown };
    if (typeof text === 'string') return htmlToText(text);
    if (typeof url === 'string') return cellOf(url, fileLink);
    return JSON.stringify(value);
  }
  const fileId = uploadIdOfUrl(value);
  return fileId ? fileLink(fileId) : String(value);
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
    private readonly fileLinks: FileLinks,
  ) {}

  async open(caller: Caller, scholarshipId: string): Promise<{ filename: string; stream: Readable }> {
    const scholarship = await this.access.reviewable(caller, scholarshipId);
    await this.review.judgeEligibility(scholarshipId, todayIso(), true);
    const blind = scholarship.blindReview;
    const requirements = scholarship.requirements as Requirement[];
    const header = [...COMMON, ...(blind ? [] : PERSONAL), ...requirements.map((r) => r.title)];
    // Files open from the spreadsheet: absolute links signed for the caller, who must still be allowed to read them.
    const now = new Date();
    const fileLink = (fileId: string) => this.fileLinks.signedUrlOf(fileId, caller.id, now);
    const rowOf = (row: ApplicantRow & { answers: Record<string, unknown> }) =>
      [
        referenceOf(row.id), row.id, row.status, row.submittedAt.toISOString(), ELIGIBILITY_WORDS[row.eligibility ?? 'missing'], row.averageScore ?? '', String(row.reviewCount),
        ...(blind ? [] : [row.firstName, row.lastName, row.email, row.phone ?? '', row.school ?? '']),
        ...requirements.map((r) => cellOf(row.answers[r.field.key], fileLink)),
      ].map((cell) => guardFormula(String(cell)));
    const review = this.review;
    async function* records() {
      yield header.map(guardFormula);
      let after: { submittedAt: Date; id: string } | null = null;
      for (;;) {
        const batch = await review.exportBatch(scholarshipId, after, EXPORT_BATCH);
        for (const row of batch) yield rowOf(row);
        if (batch.length < EXPORT_BATCH) return;
        const last = batch[batch.length - 1];
        after = { submittedAt: last.submittedAt, id: last.id };
      }
    }
    // The byte-order mark makes Excel on Windows read UTF-8 ('Zoë Muñoz'), not the locale's code page.
    // Formulas are guarded per cell (guardFormula), which lets phone numbers through as they are.
    const csv = stringify({ bom: true, record_delimiter: 'windows', escape_formulas: false, quoted_match: /[\r\n]/ });
    const source = Readable.from(records());
    // A failed read ends the download instead of leaving it open.
    source.on('error', (error) => csv.destroy(error));
    const stream = source.pipe(csv);
    return { filename: `applicants-${scholarship.slug ?? scholarship.id}.csv`, stream };
  }
}
