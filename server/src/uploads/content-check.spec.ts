import fc from 'fast-check';
import { compoundFile, docxFile, elfFile, htmlPdfPolyglot, jpegFile, pdfFile, pngFile, windowsExecutable, zipFile } from '../../test/upload-fixtures.js';
import { checkContent, MAX_ARCHIVE_ENTRIES, MAX_INFLATED_BYTES } from './content-check.js';
import { attachmentDisposition, displayName } from './file-names.js';

const MIB = 1024 * 1024;

describe('checkContent', () => {
  it('accepts PDF, DOC and DOCX as documents with the type detected from the bytes', async () => {
    expect(await checkContent(pdfFile(), 'document')).toEqual({ ok: true, kind: 'pdf', contentType: 'application/pdf' });
    expect(await checkContent(compoundFile(), 'document')).toEqual({ ok: true, kind: 'doc', contentType: 'application/msword' });
    expect(await checkContent(docxFile(), 'document')).toEqual({
      ok: true,
      kind: 'docx',
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
  });

  it('accepts JPEG and PNG as images, and refuses them as documents', async () => {
    expect(await checkContent(jpegFile(), 'image')).toMatchObject({ ok: true, kind: 'jpeg', contentType: 'image/jpeg' });
    expect(await checkContent(pngFile(), 'image')).toMatchObject({ ok: true, kind: 'png', contentType: 'image/png' });
    expect(await checkContent(pngFile(), 'document')).toMatchObject({ ok: false, code: 'WRONG_FILE_TYPE' });
    expect(await checkContent(pdfFile(), 'image')).toMatchObject({ ok: false, code: 'WRONG_FILE_TYPE' });
  });

  it('refuses programs, empty files and text, whatever they would be called', async () => {
    for (const bytes of [elfFile(), windowsExecutable(), Buffer.alloc(0), Buffer.from('just some text'), Buffer.from('#!/bin/sh\nrm -rf /\n')]) {
      expect(await checkContent(bytes, 'document')).toMatchObject({ ok: false, code: 'WRONG_FILE_TYPE' });
      expect(await checkContent(bytes, 'image')).toMatchObject({ ok: false, code: 'WRONG_FILE_TYPE' });
    }
  });

  it('requires the signature at the very start: a PDF inside HTML, or after a byte, is not a PDF', async () => {
    expect(await checkContent(htmlPdfPolyglot(), 'document')).toMatchObject({ ok: false, code: 'WRONG_FILE_TYPE' });
    expect(await checkContent(Buffer.concat([Buffer.from(' '), pdfFile()]), 'document')).toMatchObject({ ok: false });
    expect(await checkContent(Buffer.concat([Buffer.from('\ufeff'), pdfFile()]), 'document')).toMatchObject({ ok: false });
  });

  it('refuses compound files that are not Word documents (a spreadsheet, a bare header)', async () => {
    expect(await checkContent(compoundFile('Workbook'), 'document')).toMatchObject({ ok: false, code: 'WRONG_FILE_TYPE', reason: expect.stringContaining('WordDocument') });
    expect(await checkContent(compoundFile().subarray(0, 100), 'document')).toMatchObject({ ok: false, code: 'WRONG_FILE_TYPE' });
  });

  it('refuses zips that are not Word documents', async () => {
    expect(await checkContent(zipFile([{ name: 'readme.txt', data: 'hello' }]), 'document')).toMatchObject({ ok: false, code: 'WRONG_FILE_TYPE' });
    const noBody = zipFile([{ name: '[Content_Types].xml', data: '<Types/>' }]);
    expect(await checkContent(noBody, 'document')).toMatchObject({ ok: false, reason: expect.stringContaining('word/document.xml') });
    const truncated = docxFile().subarray(0, 200);
    expect(await checkContent(truncated, 'document')).toMatchObject({ ok: false, code: 'WRONG_FILE_TYPE' });
  });

  it('refuses a DOCX whose parts inflate past the limit, even when the zip declares small sizes', async () => {
    const bomb = docxFile([{ name: 'word/media/image1.png', data: Buffer.alloc(MAX_INFLATED_BYTES + 1) }]);
    expect(bomb.length).toBeLessThan(MIB);
    expect(await checkContent(bomb, 'document')).toMatchObject({ ok: false, code: 'UNSAFE_ARCHIVE' });
    const liar = docxFile([{ name: 'word/media/image1.png', data: Buffer.alloc(MAX_INFLATED_BYTES + 1), declaredSize: 10 }]);
    expect(await checkContent(liar, 'document')).toMatchObject({ ok: false, code: 'UNSAFE_ARCHIVE' });
    // Many parts under the limit each, past it together.
    const parts = Array.from({ length: 21 }, (_, i) => ({ name: `word/media/part${i}.bin`, data: Buffer.alloc(MIB) }));
    expect(await checkContent(docxFile(parts), 'document')).toMatchObject({ ok: false, code: 'UNSAFE_ARCHIVE' });
  });

  it('refuses a bomb in the first part too (where file-type itself gives up)', async () => {
    const bomb = zipFile([
      { name: '[Content_Types].xml', data: Buffer.concat([Buffer.from('<Types>'), Buffer.alloc(MAX_INFLATED_BYTES + 1, 0x20)]) },
      { name: 'word/document.xml', data: '<w:document/>' },
    ]);
    expect(await checkContent(bomb, 'document')).toMatchObject({ ok: false, code: 'UNSAFE_ARCHIVE' });
  });

  it('refuses a DOCX with more entries than the limit', async () => {
    const many = Array.from({ length: MAX_ARCHIVE_ENTRIES }, (_, i) => ({ name: `word/x${i}.xml`, data: '', store: true }));
    expect(await checkContent(docxFile(many), 'document')).toMatchObject({ ok: false, code: 'UNSAFE_ARCHIVE', reason: expect.stringContaining('entries') });
  });

  it('accepts a DOCX whose parts come in another order, stored or deflated', async () => {
    const reordered = zipFile([
      { name: 'word/document.xml', data: '<w:document/>', store: true },
      { name: '[Content_Types].xml', data: '<Types/>' },
    ]);
    expect(await checkContent(reordered, 'document')).toMatchObject({ ok: true, kind: 'docx' });
  });

  it('never accepts random bytes that do not start with an accepted signature', async () => {
    const signatures = ['255044462d', 'd0cf11e0a1b11ae1', '504b0304', 'ffd8ff', '89504e470d0a1a0a'];
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 0, maxLength: 2048 }), async (array) => {
        const bytes = Buffer.from(array);
        fc.pre(!signatures.some((hex) => bytes.toString('hex').startsWith(hex)));
        expect((await checkContent(bytes, 'document')).ok).toBe(false);
        expect((await checkContent(bytes, 'image')).ok).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});

describe('displayName', () => {
  it("keeps the client's name when it already ends with an extension of the detected type", () => {
    expect(displayName('My CV.pdf', 'pdf')).toBe('My CV.pdf');
    expect(displayName('Photo.JPEG', 'jpeg')).toBe('Photo.JPEG');
    expect(displayName('Lebenslauf Müller.docx', 'docx')).toBe('Lebenslauf Müller.docx');
  });

  it('adds the detected extension to a name that claims another type, or none', () => {
    expect(displayName('invoice.html', 'pdf')).toBe('invoice.html.pdf');
    expect(displayName('setup.exe', 'doc')).toBe('setup.exe.doc');
    expect(displayName('scan', 'png')).toBe('scan.png');
  });

  it('drops folders, control and bidi characters, and leading dots', () => {
    expect(displayName('C:\\Users\\me\\cv.pdf', 'pdf')).toBe('cv.pdf');
    expect(displayName('../../etc/passwd', 'pdf')).toBe('passwd.pdf');
    expect(displayName('cv\u202Efdp.exe', 'pdf')).toBe('cvfdp.exe.pdf');
    expect(displayName('a\r\nb\0c.pdf', 'pdf')).toBe('abc.pdf');
    expect(displayName('.hidden.pdf', 'pdf')).toBe('hidden.pdf');
    expect(displayName('', 'pdf')).toBe('upload.pdf');
    expect(displayName(undefined, 'jpeg')).toBe('upload.jpg');
    expect(displayName('   .pdf', 'pdf')).toBe('upload.pdf');
  });

  it('keeps at most 255 characters, the extension included, without splitting a character', () => {
    const long = displayName(`${'😀'.repeat(300)}.pdf`, 'pdf');
    expect(Array.from(long)).toHaveLength(255);
    expect(long.endsWith('😀.pdf')).toBe(true);
  });
});

describe('attachmentDisposition', () => {
  it('gives an ASCII fallback and the exact name in RFC 5987 form', () => {
    expect(attachmentDisposition('My CV.pdf')).toBe(`attachment; filename="My CV.pdf"; filename*=UTF-8''My%20CV.pdf`);
    expect(attachmentDisposition('Müller "CV" 100%.pdf')).toBe(`attachment; filename="M_ller _CV_ 100_.pdf"; filename*=UTF-8''M%C3%BCller%20%22CV%22%20100%25.pdf`);
    expect(attachmentDisposition("o'brien (1).pdf")).toBe(`attachment; filename="o'brien (1).pdf"; filename*=UTF-8''o%27brien%20%281%29.pdf`);
  });
});
