/**
 * Part `uploads` of `npm run bench`: one signed-in bench applicant POSTs a 2 MB PDF (the largest
 * accepted) to `POST /api/v1/common/upload` over BENCH_UPLOAD_CONNECTIONS connections (default 8).
 * Each request streams the multipart body, reads the file into memory, checks its content, hashes
 * it, writes it to disk and inserts its row. The multipart body is built once. Reports requests
 * per second, p50/p95/p99 and the upload throughput in MB/s.
 *
 * The bench server keeps the files in its temporary DATA_DIR, removed when it stops (a run stores
 * a few GB); their rows are deleted afterwards.
 */
import type { BenchServer } from './bench-server.js';
import { scenario, type Result } from './measure.js';

const UPLOAD_CONNECTIONS = Number(process.env.BENCH_UPLOAD_CONNECTIONS ?? 8);
const FILE_BYTES = 2 * 1024 * 1024;

/** A PDF of exactly `size` bytes: a real header and trailer around a comment of padding. */
function pdfOfSize(size: number): Buffer {
  const head = '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%';
  const tail = '\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n';
  return Buffer.concat([Buffer.from(head), Buffer.alloc(size - head.length - tail.length, 0x78), Buffer.from(tail)]);
}

function multipartBody(file: Buffer): { body: Buffer; contentType: string } {
  const boundary = '----scholarmatch-bench';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="Bench CV.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  return { body: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function measureUploads(bench: BenchServer, results: Result[], log: (line: string) => void): Promise<void> {
  await bench.freshTokens();
  const applicant = bench.applicants[0];
  const { body, contentType } = multipartBody(pdfOfSize(FILE_BYTES));
  const shape = {
    method: 'POST' as const,
    body,
    headers: { 'content-type': contentType, authorization: `Bearer ${applicant.token}` },
    connections: UPLOAD_CONNECTIONS,
  };
  const median = await scenario(`POST /api/v1/common/upload (2 MB PDF, ${UPLOAD_CONNECTIONS} connections)`, `${bench.baseUrl}/api/v1/common/upload?purpose=document`, bench.pid, shape, results);
  const stored = await bench.sql.query(`DELETE FROM uploaded_files WHERE owner_id = $1`, [applicant.id]);
  log(
    `uploads: ${median.rps} req/s, p50 ${median.p50_ms} ms, p95 ${median.p95_ms} ms, p99 ${median.p99_ms} ms, ` +
      `${((median.rps * body.length) / 1e6).toFixed(1)} MB/s received, ${median.errors} errors; ${stored.rowCount} files stored in the run`,
  );
}
