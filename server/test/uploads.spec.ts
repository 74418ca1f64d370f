import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../src/config/app-config.js';
import { FileStorage, LocalDiskFileStorage } from '../src/uploads/file-storage.js';
import { DRAIN_LIMIT_BYTES } from '../src/uploads/upload-part.js';
import { uploadIdOfUrl } from '@scholarmatch/schemas';
import { UploadedFilesService } from '../src/uploads/uploaded-files.service.js';
import { UploadsJanitor } from '../src/uploads/uploads-janitor.js';
import { accountClient } from './accounts-helpers.js';
import { type LoopbackS3, startLoopbackS3 } from './loopback-s3.js';
import { startTestApp, type TestApp } from './test-app.js';
import {
  compoundFile,
  docxFile,
  elfFile,
  filePart,
  type FormPart,
  htmlPdfPolyglot,
  jpegFile,
  multipartBody,
  pdfFile,
  pngFile,
  windowsExecutable,
  zipFile,
} from './upload-fixtures.js';

const TWO_MIB = 2 * 1024 * 1024;
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** Uploads: checked by content, stored outside the web root, served to their owner only. */
describe('uploads', () => {
  let t: TestApp;
  let dataDir: string;
  let owner: { id: string; token: string };
  let neighbour: { id: string; token: string };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'scholarmatch-uploads-'));
    t = await startTestApp({ DATA_DIR: dataDir, AUTH_RATE_LIMIT_PER_MINUTE: 1000 });
    const api = accountClient(t);
    const person = async () => {
      const { session } = await api.signUp();
      return { id: session.user.id, token: session.accessToken };
    };
    owner = await person();
    neighbour = await person();
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = (parts: FormPart[] | { body: Buffer | string; contentType: string }, options: { token?: string | null; query?: string } = {}) => {
    const { body, contentType } = Array.isArray(parts) ? multipartBody(parts) : parts;
    const token = options.token === undefined ? owner.token : options.token;
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/common/upload${options.query ?? ''}`,
      headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: body,
    });
  };
  const download = (url: string, token: string | null = owner.token) =>
    t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  const refusal = (description: string, errorCode: string, statusCode = 400) => ({ statusCode, error: expect.any(String), message: expect.any(String), description, errorCode });

  it('accepts a PDF, a Word 97 document and a DOCX as documents (the default purpose)', async () => {
    const cases = [
      { bytes: pdfFile(), filename: 'My CV.pdf', contentType: 'application/pdf' },
      { bytes: compoundFile(), filename: 'Essay.doc', contentType: 'application/msword' },
      { bytes: docxFile(), filename: 'Letter.docx', contentType: DOCX_TYPE },
    ];
    for (const file of cases) {
      // Browsers often declare a generic type: only the bytes count.
      const res = await upload([filePart(file.bytes, file.filename, 'application/octet-stream')]);
      expect(res.statusCode).toBe(201);
      const { data } = res.json();
      expect(res.json().statusCode).toBe(201);
      expect(data).toEqual({ id: expect.any(String), publicUrl: `/api/v1/common/files/${data.id}`, name: file.filename, size: file.bytes.length, contentType: file.contentType });
    }
  });

  it('accepts a JPEG and a PNG as images; a PDF as an image, or an image as a document, is refused in the seed words', async () => {
    const jpeg = await upload([filePart(jpegFile(), 'me.jpg', 'image/jpeg')], { query: '?purpose=image' });
    expect(jpeg.statusCode).toBe(201);
    expect(jpeg.json().data).toMatchObject({ contentType: 'image/jpeg', name: 'me.jpg' });
    const png = await upload([filePart(pngFile(), 'me.png', 'image/png')], { query: '?purpose=image' });
    expect(png.json().data).toMatchObject({ contentType: 'image/png' });
    const pdfAsImage = await upload([filePart(pdfFile(), 'me.png', 'image/png')], { query: '?purpose=image' });
    expect(pdfAsImage.json()).toEqual(refusal('You can only upload JPG/PNG file!', 'WRONG_FILE_TYPE'));
    const imageAsDocument = await upload([filePart(pngFile(), 'cv.pdf')], { query: '?purpose=document' });
    expect(imageAsDocument.json()).toEqual(refusal('You can only upload PDF file!', 'WRONG_FILE_TYPE'));
    expect((await upload([filePart(pngFile())], { query: '?purpose=video' })).statusCode).toBe(400);
  });

  it('takes 2 MiB exactly and answers 413 with the seed message for one byte more', async () => {
    const exact = await upload([filePart(pdfFile(TWO_MIB))]);
    expect(exact.statusCode).toBe(201);
    expect(exact.json().data.size).toBe(TWO_MIB);
    const over = await upload([filePart(pdfFile(TWO_MIB + 1))]);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual(refusal('Pdf must be smaller than 2MB!', 'FILE_TOO_LARGE', 413));
    // Refused at the limit; the short rest of the body was read and dropped, so the connection may stay.
    expect(over.headers.connection).not.toBe('close');
    const bigImage = await upload([filePart(Buffer.concat([pngFile(), Buffer.alloc(TWO_MIB)]), 'me.png', 'image/png')], { query: '?purpose=image' });
    expect(bigImage.json()).toEqual(refusal('Image must be smaller than 2MB!', 'FILE_TOO_LARGE', 413));
  });

  describe('over a real connection', () => {
    let port: number;
    beforeAll(async () => {
      await t.app.listen(0, '127.0.0.1');
      port = Number(new URL(await t.app.getUrl()).port);
    });
    const send = (bytes: Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'cv.pdf');
      return fetch(`http://127.0.0.1:${port}/api/v1/common/upload`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}` }, body: form });
    };

    it("answers a 413 that Node's fetch reads, having read the rest of the body first, and takes 2 MiB", async () => {
      for (const size of [TWO_MIB + 1, 3 * TWO_MIB]) {
        const over = await send(pdfFile(size));
        expect(over.status).toBe(413);
        expect(await over.json()).toEqual(refusal('Pdf must be smaller than 2MB!', 'FILE_TOO_LARGE', 413));
        // The whole body was read, so the connection need not close.
        expect(over.headers.get('connection')).not.toBe('close');
      }
      const exact = await send(pdfFile(TWO_MIB));
      expect(exact.status).toBe(201);
      expect(((await exact.json()) as { data: { size: number } }).data.size).toBe(TWO_MIB);
    });

    it('serves the next request on the same connection after refusing a 6 MiB file', async () => {
      const { body, contentType } = multipartBody([filePart(pdfFile(3 * TWO_MIB))]);
      const socket = net.connect(port, '127.0.0.1');
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()).on('error', () => {}));
      const until = async (pattern: RegExp) => {
        while (!pattern.test(received) && !socket.destroyed) await new Promise((resolve) => setTimeout(resolve, 10));
      };
      socket.write(`POST /api/v1/common/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${owner.token}\r\nContent-Type: ${contentType}\r\nContent-Length: ${body.length}\r\n\r\n`);
      socket.write(body);
      await until(/Pdf must be smaller than 2MB!/);
      expect(received).toMatch(/^HTTP\/1\.1 413 /);
      socket.write('GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      await until(/HTTP\/1\.1 200 /);
      expect(received).toMatch(/\r\n\r\n\{"statusCode":413[^]*HTTP\/1\.1 200 /);
      socket.end();
      await closed;
    });

    it('stops reading a body far past the limit: the connection closes before the client has sent it all', async () => {
      const total = 50 * 1024 * 1024;
      const boundary = '----scholarmatch-big-boundary';
      const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`);
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
      const closed = new Promise<void>((resolve) => {
        socket.on('error', () => {});
        socket.on('close', () => resolve());
      });
      socket.write(
        `POST /api/v1/common/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${owner.token}\r\n` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${head.length + total + tail.length}\r\n\r\n`,
      );
      socket.write(head);
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      let sent = 0;
      while (sent < total && !socket.destroyed) {
        sent += chunk.length;
        if (!socket.write(chunk)) {
          await new Promise<void>((resolve) => {
            socket.once('drain', resolve);
            socket.once('close', resolve);
          });
        }
      }
      if (!socket.destroyed) socket.end(tail);
      await closed;
      // Read past the limit by the bounded drain, then cut off well before the end (what the
      // client got to send beyond that sat in the kernel's buffers).
      expect(sent).toBeGreaterThan(TWO_MIB + DRAIN_LIMIT_BYTES);
      expect(sent).toBeLessThan(total);
      if (answer) expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    });
  });

  it('refuses programs named and declared as PDFs, and an HTML page with a PDF inside', async () => {
    for (const bytes of [elfFile(), windowsExecutable(), htmlPdfPolyglot()]) {
      const res = await upload([filePart(bytes, 'cv.pdf', 'application/pdf')]);
      expect(res.json()).toEqual(refusal('You can only upload PDF file!', 'WRONG_FILE_TYPE'));
    }
  });

  it('refuses zip bombs and plain zips named .docx, saying why in errorCode', async () => {
    const bomb = docxFile([{ name: 'word/media/image1.png', data: Buffer.alloc(25 * 1024 * 1024), declaredSize: 100 }]);
    expect((await upload([filePart(bomb, 'cv.docx', DOCX_TYPE)])).json()).toEqual(refusal('You can only upload PDF file!', 'UNSAFE_ARCHIVE'));
    const crowded = docxFile(Array.from({ length: 1001 }, (_, i) => ({ name: `word/p${i}.xml`, data: '', store: true })));
    expect((await upload([filePart(crowded, 'cv.docx', DOCX_TYPE)])).json()).toEqual(refusal('You can only upload PDF file!', 'UNSAFE_ARCHIVE'));
    const plainZip = zipFile([{ name: 'notes.txt', data: 'not a Word document' }]);
    expect((await upload([filePart(plainZip, 'cv.docx', DOCX_TYPE)])).json()).toEqual(refusal('You can only upload PDF file!', 'WRONG_FILE_TYPE'));
    expect(await t.sql.query('SELECT 1 FROM uploaded_files WHERE original_name = $1', ['cv.docx'])).toMatchObject({ rowCount: 0 });
  });

  it('answers 400 with a description, never a 500, for requests without one well-formed file part', async () => {
    const json = await upload({ body: JSON.stringify({ file: 'JVBERi0=' }), contentType: 'application/json' });
    expect(json.json()).toMatchObject({ statusCode: 400, errorCode: 'FILE_MISSING', description: expect.stringContaining('"file"') });
    const fieldsOnly = await upload([{ name: 'purpose', data: 'document' }]);
    expect(fieldsOnly.json()).toMatchObject({ statusCode: 400, errorCode: 'FILE_MISSING' });
    const otherName = await upload([{ ...filePart(pdfFile()), name: 'document' }]);
    expect(otherName.json()).toMatchObject({ statusCode: 400, errorCode: 'MALFORMED_UPLOAD' });
    expect(otherName.headers.connection).not.toBe('close');
    const twoFiles = await upload([filePart(pdfFile()), filePart(pdfFile())]);
    expect(twoFiles.json()).toMatchObject({ statusCode: 400, errorCode: 'MALFORMED_UPLOAD' });
    const truncated = multipartBody([filePart(pdfFile())]);
    const cut = await upload({ body: truncated.body.subarray(0, truncated.body.length - 30), contentType: truncated.contentType });
    expect(cut.json()).toMatchObject({ statusCode: 400, errorCode: 'MALFORMED_UPLOAD' });
    const noBoundary = await upload({ body: 'garbage', contentType: 'multipart/form-data' });
    expect(noBoundary.json()).toMatchObject({ statusCode: 400, description: expect.any(String) });
    const manyFields = await upload([...Array.from({ length: 8 }, (_, i) => ({ name: `f${i}`, data: 'x' })), filePart(pdfFile())]);
    expect(manyFields.json()).toMatchObject({ statusCode: 400, errorCode: 'MALFORMED_UPLOAD' });
  });

  it('asks anonymous callers to sign in, for uploads and downloads', async () => {
    const res = await upload([filePart(pdfFile())], { token: null });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, description: expect.any(String) });
    expect((await download(`/api/v1/common/files/${UNKNOWN_ID}`, null)).statusCode).toBe(401);
  });

  it('serves the bytes to the owner as an attachment with the detected type, and 404 to anyone else', async () => {
    const bytes = pdfFile();
    const { data } = (await upload([filePart(bytes, "Résumé (final)'s.html", 'text/html')])).json();
    expect(data.name).toBe("Résumé (final)'s.html.pdf");
    const res = await download(data.publicUrl);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(bytes.length),
      'content-disposition': `attachment; filename="R_sum_ (final)'s.html.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%28final%29%27s.html.pdf`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'content-security-policy': expect.stringContaining("default-src 'none'"),
    });
    const other = await download(data.publicUrl, neighbour.token);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ statusCode: 404, description: 'There is no such file.', errorCode: 'FILE_NOT_FOUND' });
    expect((await download(`/api/v1/common/files/${UNKNOWN_ID}`)).json()).toMatchObject({ statusCode: 404, description: 'There is no such file.' });
    expect((await download('/api/v1/common/files/not-a-uuid')).statusCode).toBe(400);
    // What the file is, for showing it after a reload, to its owner only.
    expect((await download(`${data.publicUrl}/info`)).json().data).toEqual({ id: data.id, publicUrl: data.publicUrl, name: data.name, size: bytes.length, contentType: 'application/pdf' });
    expect((await download(`${data.publicUrl}/info`, neighbour.token)).statusCode).toBe(404);
  });

  it('stores the bytes under the server key, outside any web root, never under the client name', async () => {
    const bytes = docxFile();
    const { data } = (await upload([filePart(bytes, '../../web/dist/index.html', DOCX_TYPE)])).json();
    expect(data.name).toBe('index.html.docx');
    const storage = t.app.get(FileStorage) as LocalDiskFileStorage;
    const stored = storage.pathOf(data.id);
    expect(stored).toBe(path.join(dataDir, 'uploads', data.id.slice(0, 2), data.id));
    expect(readFileSync(stored).equals(bytes)).toBe(true);
    for (const webRoot of [path.join(REPO_ROOT, 'web', 'dist'), path.join(REPO_ROOT, 'web', 'public')]) {
      expect(path.relative(webRoot, stored).startsWith('..')).toBe(true);
    }
    const names = readdirSync(path.join(dataDir, 'uploads'), { recursive: true }).map(String);
    expect(names.some((name) => /index|\.html|\.docx|\.part$/.test(name))).toBe(false);
    const [row] = (await t.sql.query('SELECT owner_id, purpose, content_type, size, original_name, storage_key, sha256 FROM uploaded_files WHERE id = $1', [data.id])).rows;
    expect(row).toEqual({
      owner_id: owner.id,
      purpose: 'document',
      content_type: DOCX_TYPE,
      size: bytes.length,
      original_name: 'index.html.docx',
      storage_key: data.id,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
  });

  it("tells the applications module which file answers are the caller's own uploads", async () => {
    const mine = (await upload([filePart(pdfFile())])).json().data;
    const theirs = (await upload([filePart(pdfFile())], { token: neighbour.token })).json().data;
    const service = t.app.get(UploadedFilesService);
    const owned = await service.ownedUploadIds(owner.id, [mine.publicUrl, theirs.publicUrl, `/api/v1/common/files/${UNKNOWN_ID}`, 'https://evil.example/x.pdf', 'not a url']);
    expect(owned).toEqual(new Set([mine.id]));
    expect(await service.ownedUploadIds(owner.id, [])).toEqual(new Set());
    expect(uploadIdOfUrl(mine.publicUrl.toUpperCase().replace('/API/V1/COMMON/FILES/', '/api/v1/common/files/'))).toBe(mine.id);
    expect(uploadIdOfUrl(`${mine.publicUrl}/../x`)).toBeNull();
    expect(uploadIdOfUrl(`https://host${mine.publicUrl}`)).toBeNull();
  });

  it("drops a person's uploads with their account", async () => {
    const { data } = (await upload([filePart(pdfFile())], { token: neighbour.token })).json();
    await t.sql.query('DELETE FROM users WHERE id = $1', [neighbour.id]);
    expect((await t.sql.query('SELECT 1 FROM uploaded_files WHERE id = $1', [data.id])).rowCount).toBe(0);
  });
});

/** Per-person quota, and the hourly removal of uploads nothing uses. */
describe('upload quota and unused uploads', () => {
  let t: TestApp;
  let dataDir: string;
  let owner: { id: string; token: string };
  let neighbour: { id: string; token: string };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'scholarmatch-quota-'));
    t = await startTestApp({ DATA_DIR: dataDir, AUTH_RATE_LIMIT_PER_MINUTE: 1000, UPLOAD_QUOTA_FILES: 3, DEMO_DATA: 'true' });
    const api = accountClient(t);
    const person = async () => {
      const { session } = await api.signUp();
      return { id: session.user.id, token: session.accessToken };
    };
    owner = await person();
    neighbour = await person();
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = (token: string) => {
    const { body, contentType } = multipartBody([filePart(pdfFile())]);
    return t.app.inject({ method: 'POST', url: '/api/v1/common/upload', headers: { 'content-type': contentType, authorization: `Bearer ${token}` }, payload: body });
  };
  const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  const storedKeys = () => readdirSync(path.join(dataDir, 'uploads'), { recursive: true }).map(String).filter((entry) => UUID.test(entry));

  it('refuses a fourth file with 409 and a description, keeps nothing of it, and does not hold others back', async () => {
    for (let i = 0; i < 3; i++) expect((await upload(owner.token)).statusCode).toBe(201);
    const before = storedKeys().length;
    const refused = await upload(owner.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      errorCode: 'UPLOAD_QUOTA_REACHED',
      description: 'You have reached the upload limit (3 files or 100 MB). Files not used in an application or your profile are removed a day after upload; please try again later.',
    });
    expect(storedKeys().length).toBe(before);
    expect((await upload(neighbour.token)).statusCode).toBe(201);
  });

  it('removes uploads unused for a day, keeps those an application or the profile uses, and frees the quota', async () => {
    const ids = (await t.sql.query<{ id: string }>('SELECT id FROM uploaded_files WHERE owner_id = $1 ORDER BY created_at', [owner.id])).rows.map((row) => row.id);
    expect(ids).toHaveLength(3);
    const [inProfile, inApplication, unused] = ids;
    await t.sql.query(`UPDATE uploaded_files SET created_at = now() - interval '25 hours' WHERE owner_id = $1`, [owner.id]);
    await t.sql.query(`UPDATE users SET profile = profile || jsonb_build_object('cv', $2::text) WHERE id = $1`, [owner.id, `/api/v1/common/files/${inProfile}`]);
    await t.sql.query(
      `INSERT INTO applications (user_id, scholarship_id, status, answers)
       VALUES ($1, (SELECT id FROM scholarships LIMIT 1), 'Draft', jsonb_build_object('essay', jsonb_build_object('url', $2::text)))`,
      [owner.id, `/api/v1/common/files/${inApplication}`],
    );
    const janitor = t.app.get(UploadsJanitor);
    expect(await janitor.sweep()).toBe(1);
    const left = (await t.sql.query<{ id: string }>('SELECT id FROM uploaded_files WHERE owner_id = $1', [owner.id])).rows.map((row) => row.id);
    expect(left.sort()).toEqual([inProfile, inApplication].sort());
    expect(storedKeys().some((key) => key.includes(unused!))).toBe(false);
    // The neighbour's recent, unused upload stays until its day is over.
    expect((await t.sql.query('SELECT 1 FROM uploaded_files WHERE owner_id = $1', [neighbour.id])).rowCount).toBe(1);
    expect(await janitor.sweep()).toBe(0);
    expect((await upload(owner.token)).statusCode).toBe(201);
  });
});

/** The same API with S3_BUCKET set: the bytes go to the bucket (a loopback S3 server), none to local disk. */
describe('uploads in an S3 bucket', () => {
  let s3: LoopbackS3;
  let t: TestApp;
  let dataDir: string;
  let owner: { id: string; token: string };

  beforeAll(async () => {
    s3 = await startLoopbackS3();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'scholarmatch-s3-uploads-'));
    t = await startTestApp({ ...s3.config('uploads/'), DATA_DIR: dataDir, AUTH_RATE_LIMIT_PER_MINUTE: 1000, UPLOAD_QUOTA_FILES: 3, DEMO_DATA: 'true' });
    const { session } = await accountClient(t).signUp();
    owner = { id: session.user.id, token: session.accessToken };
  });
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = (bytes: Buffer, query = '') => {
    const { body, contentType } = multipartBody([filePart(bytes, 'cv.pdf', 'application/pdf')]);
    return t.app.inject({ method: 'POST', url: `/api/v1/common/upload${query}`, headers: { 'content-type': contentType, authorization: `Bearer ${owner.token}` }, payload: body });
  };
  const download = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${owner.token}` } });

  it('stores an upload in the bucket under the prefix and serves the same bytes back, with nothing on local disk', async () => {
    const bytes = pdfFile(300_000);
    const created = await upload(bytes);
    expect(created.statusCode).toBe(201);
    const { data } = created.json();
    expect(await s3.keys()).toEqual([`uploads/${data.id}`]);
    expect((await s3.read(`uploads/${data.id}`))!.equals(bytes)).toBe(true);
    const res = await download(data.publicUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({ 'content-type': 'application/pdf', 'content-length': String(bytes.length) });
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(existsSync(path.join(dataDir, 'uploads'))).toBe(false);
  });

  it('streams a 2 MiB file from the bucket to a client over a real connection', async () => {
    await t.app.listen(0, '127.0.0.1');
    const bytes = pdfFile(TWO_MIB);
    const { data } = (await upload(bytes)).json();
    const res = await fetch(`${await t.app.getUrl()}${data.publicUrl}`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('answers 404, not a server error, for a file whose object is gone from the bucket', async () => {
    const { data } = (await upload(pdfFile())).json();
    // Removed behind the app's back (an operator, a lifecycle rule).
    await t.app.get(FileStorage).delete(data.id);
    expect((await s3.read(`uploads/${data.id}`))).toBeNull();
    expect((await download(data.publicUrl)).json()).toMatchObject({ statusCode: 404, errorCode: 'FILE_NOT_FOUND' });
  });

  it('removes from the bucket what the quota refuses and what the janitor sweeps', async () => {
    // Three files so far (the quota; one of them lost its object above): the fourth is refused and leaves no object behind.
    const before = await s3.keys();
    expect(before).toHaveLength(2);
    expect((await upload(pdfFile())).statusCode).toBe(409);
    expect(await s3.keys()).toEqual(before);
    await t.sql.query(`UPDATE uploaded_files SET created_at = now() - interval '25 hours' WHERE owner_id = $1`, [owner.id]);
    // All three rows go; the object already missing is no obstacle.
    expect(await t.app.get(UploadsJanitor).sweep()).toBe(3);
    expect(await s3.keys()).toEqual([]);
  });
});
