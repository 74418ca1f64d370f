/**
 * Small real files for the upload tests, built here so no binary fixture is committed: a PDF of
 * any exact size, a Word 97 document (an OLE compound file), ZIP packages (DOCX, bombs), a PNG,
 * and a JPEG.
 */
import { crc32, deflateRawSync, deflateSync } from 'node:zlib';

/** A one-page PDF with a correct cross-reference table; `size` pads it (in a comment) to exactly that many bytes. */
export function pdfFile(size?: number): Buffer {
  const build = (padding: number) => {
    const objects = [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>',
      '<< /Length 0 >>\nstream\n\nendstream',
    ];
    let text = `%PDF-1.4\n${padding ? `%${'x'.repeat(padding - 2)}\n` : ''}`;
    const offsets = objects.map((body, i) => {
      const offset = Buffer.byteLength(text, 'latin1');
      text += `${i + 1} 0 obj\n${body}\nendobj\n`;
      return offset;
    });
    const xref = Buffer.byteLength(text, 'latin1');
    text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
    text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
    return Buffer.from(text, 'latin1');
  };
  const plain = build(0);
  if (size === undefined) return plain;
  // The padding line is '%' + x… + '\n'; the xref offsets grow with it, so measure again.
  let padded = build(Math.max(2, size - plain.length));
  padded = build(Math.max(2, size - plain.length - (padded.length - size)));
  if (padded.length !== size) throw new Error(`pdfFile(${size}) built ${padded.length} bytes`);
  return padded;
}

const FREE = 0xffffffff;
const END_OF_CHAIN = 0xfffffffe;
const FAT_SECTOR = 0xfffffffd;

/**
 * A compound file (version 3, 512-byte sectors): header, one FAT sector, one directory sector
 * (Root Entry + one stream), then the stream. `stream` 'WordDocument' makes a Word 97 document;
 * another name (e.g. 'Workbook') makes an OLE file that is not one.
 */
export function compoundFile(stream = 'WordDocument'): Buffer {
  const streamSectors = 8;
  const data = Buffer.alloc(streamSectors * 512);
  data.writeUInt16LE(0xa5ec, 0); // the Word FIB's wIdent
  const header = Buffer.alloc(512);
  Buffer.from('D0CF11E0A1B11AE1', 'hex').copy(header, 0);
  header.writeUInt16LE(0x003e, 24);
  header.writeUInt16LE(3, 26);
  header.writeUInt16LE(0xfffe, 28);
  header.writeUInt16LE(9, 30);
  header.writeUInt16LE(6, 32);
  header.writeUInt32LE(1, 44); // FAT sectors
  header.writeUInt32LE(1, 48); // first directory sector
  header.writeUInt32LE(4096, 56); // mini stream cutoff
  header.writeUInt32LE(END_OF_CHAIN, 60);
  header.writeUInt32LE(END_OF_CHAIN, 68);
  for (let i = 0; i < 109; i++) header.writeUInt32LE(i === 0 ? 0 : FREE, 76 + i * 4);
  const fat = Buffer.alloc(512, 0xff);
  fat.writeUInt32LE(FAT_SECTOR, 0);
  fat.writeUInt32LE(END_OF_CHAIN, 4);
  for (let s = 0; s < streamSectors; s++) fat.writeUInt32LE(s === streamSectors - 1 ? END_OF_CHAIN : 3 + s, (2 + s) * 4);
  const directory = Buffer.concat([
    directoryEntry('Root Entry', 5, { child: 1, start: END_OF_CHAIN, size: 0 }),
    directoryEntry(stream, 2, { child: FREE, start: 2, size: data.length }),
    Buffer.alloc(256),
  ]);
  return Buffer.concat([header, fat, directory, data]);
}

function directoryEntry(name: string, type: number, at: { child: number; start: number; size: number }): Buffer {
  const entry = Buffer.alloc(128);
  const encoded = Buffer.from(`${name}\0`, 'utf16le');
  encoded.copy(entry, 0);
  entry.writeUInt16LE(encoded.length, 64);
  entry[66] = type;
  entry[67] = 1;
  entry.writeUInt32LE(FREE, 68);
  entry.writeUInt32LE(FREE, 72);
  entry.writeUInt32LE(at.child, 76);
  entry.writeUInt32LE(at.start, 116);
  entry.writeUInt32LE(at.size, 120);
  return entry;
}

export interface ZipEntry {
  name: string;
  data: Buffer | string;
  /** Deflate (default) or store. */
  store?: boolean;
  /** Claim this uncompressed size instead of the real one (a lying archive). */
  declaredSize?: number;
}

/** A ZIP archive with local headers, a central directory and its end record. */
export function zipFile(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = Buffer.from(entry.data);
    const body = entry.store ? data : deflateRawSync(data);
    const name = Buffer.from(entry.name);
    const fields = { method: entry.store ? 0 : 8, crc: crc32(data), compressed: body.length, size: entry.declaredSize ?? data.length };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(fields.method, 8);
    local.writeUInt32LE(fields.crc, 14);
    local.writeUInt32LE(fields.compressed, 18);
    local.writeUInt32LE(fields.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(fields.method, 10);
    central.writeUInt32LE(fields.crc, 16);
    central.writeUInt32LE(fields.compressed, 20);
    central.writeUInt32LE(fields.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;
const DOCUMENT = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>My curriculum vitae</w:t></w:r></w:p></w:body></w:document>`;

/** The three parts Word needs to open a document, plus any `extra` entries. */
export function docxFile(extra: ZipEntry[] = []): Buffer {
  return zipFile([{ name: '[Content_Types].xml', data: CONTENT_TYPES }, { name: '_rels/.rels', data: RELS }, { name: 'word/document.xml', data: DOCUMENT }, ...extra]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 1×1 opaque red PNG. */
export function pngFile(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from('89504E470D0A1A0A', 'hex'),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real 16×16 baseline JPEG (543 bytes; CPython's Lib/test/imghdrdata/python.jpg). */
export function jpegFile(): Buffer {
  return Buffer.from(
    '/9j/4AAQSkZJRgABAQEAAQABAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/2wBDAQMDAwQDBAgEBAgQCwkLEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBD/wAARCAAQABADASIAAhEBAxEB/8QAFgABAQEAAAAAAAAAAAAAAAAABwQF/8QAJBAAAQQBBAICAwAAAAAAAAAAAQIDBAYFBwgSExEiABQJMTL/xAAVAQEBAAAAAAAAAAAAAAAAAAAABv/EACMRAAECBQMFAAAAAAAAAAAAAAECEQMEBQYhABIxFRZhgeH/2gAMAwEAAhEDEQA/ABSm0mobc8HmExLUlRzzEWPkJWW+ulrsaUVAseUgslSlH9LKuPryIKuWPZdskzXmm3fX5m2nF4GlVxx/HOpx4ks51+MiU/Iaad7UcUo4tILoS4kqcWkezS0hO/HvuRp0rO6hWnWO1UisZVuFi4GFeyEpmGepa5S5SWVPuciFKRFLgSrwetnyPIB+Vb4N9mKhQMzo5po9XLdDs9d6ZVix2VEhiL9kuNPxw2gEKcDQ/rs8AuA8VAe0vdl7VOYn+27flGAUgmITjbhSmCg3BYlyeWDkMolvw4KOp1KM6iCNvngZHwetf//Z',
    'base64',
  );
}

/** An ELF executable's first bytes (a Linux program renamed .pdf). */
export function elfFile(): Buffer {
  return Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);
}

/** A Windows program's first bytes ('MZ' and a PE header). */
export function windowsExecutable(): Buffer {
  const bytes = Buffer.alloc(256);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  return bytes;
}

/** An HTML page with a PDF inside: starts as HTML, so it is not a PDF. */
export function htmlPdfPolyglot(): Buffer {
  return Buffer.concat([Buffer.from('<html><script>alert(document.cookie)</script>\n'), pdfFile()]);
}

export interface FormPart {
  name: string;
  data: Buffer | string;
  /** Present for a file part. */
  filename?: string;
  contentType?: string;
}

/** The usual upload: a part named `file`. */
export function filePart(data: Buffer, filename = 'cv.pdf', contentType = 'application/pdf'): FormPart {
  return { name: 'file', data, filename, contentType };
}

/** A multipart/form-data body of these parts. */
export function multipartBody(parts: FormPart[]): { body: Buffer; contentType: string } {
  const boundary = '----scholarmatch-test-boundary';
  const encoded = parts.map((part) => {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    return Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`), Buffer.from(part.data), Buffer.from('\r\n')]);
  });
  return { body: Buffer.concat([...encoded, Buffer.from(`--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}
