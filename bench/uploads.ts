/**
 * Uploads: one signed-in applicant POSTs a 2 MB PDF (the largest accepted) to
 * `POST /api/v1/common/upload` over BENCH_UPLOAD_CONNECTIONS connections (default 8). Each
 * request streams the multipart body, reads the file into memory, checks its content, hashes it,
 * writes it to disk and inserts its row. The multipart body is built once. Reports requests per
 * second, p50/p95/p99 and the upload throughput in MB/s.
 *
 * The server keeps the files in a temporary DATA_DIR, removed afterwards (a run stores a few GB).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../e2e/harness.js';
import { DURATION, json, measure, medianRound, ROUNDS, WARMUP, type Result } from './measure.js';

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

export async function measureUploads(results: Result[], log: (line: string) => void): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'scholarmatch-bench-uploads-'));
  const server = await startServer({
    logLevel: process.env.BENCH_LOG_LEVEL ?? 'info',
    logFile: path.join(os.tmpdir(), `scholarmatch-bench-uploads-${process.pid}.log`),
    env: { DEMO_DATA: 'false', AUTH_RATE_LIMIT_PER_MINUTE: '100000', DATA_DIR: dataDir },
  });
  try {
    const { data } = await json(`${server.baseUrl}/api/v1/register-applicants`, {
      method: 'POST',
      body: { firstName: 'Bench', lastName: 'Uploader', email: `bench.upload.${Date.now()}@example.com`, phone: '+12025550143', password: 'bench passphrase' },
    });
    const { body, contentType } = multipartBody(pdfOfSize(FILE_BYTES));
    const shape = {
      method: 'POST' as const,
      body,
      headers: { 'content-type': contentType, authorization: `Bearer ${data.accessToken}` },
      connections: UPLOAD_CONNECTIONS,
    };
    const url = `${server.baseUrl}/api/v1/common/upload?purpose=document`;
    await measure('warm-up', url, server.pid, WARMUP, shape);
    const rounds: Result[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      rounds.push(await measure(`POST /api/v1/common/upload (2 MB PDF, ${UPLOAD_CONNECTIONS} connections)`, url, server.pid, DURATION, shape));
    }
    const median = medianRound(rounds);
    results.push(median);
    const stored = Number((await server.sql.query(`SELECT count(*) AS n FROM uploaded_files`)).rows[0].n);
    log(
      `uploads: ${median.rps} req/s, p50 ${median.p50_ms} ms, p95 ${median.p95_ms} ms, p99 ${median.p99_ms} ms, ` +
        `${((median.rps * body.length) / 1e6).toFixed(1)} MB/s received, ${median.errors} errors; ${stored} files stored in the run`,
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
