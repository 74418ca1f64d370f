import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';

/** A file the archive holds: its path inside the archive, and its bytes, asked for when the archive reaches it. */
export interface ArchivedFile {
  path: string;
  open: () => Promise<Readable | null>;
}

/**
 * A privacy export's archive (docs/privacy.md, "Export"): `data.json` first, then each file. The zip
 * is written as it is read, and each file is opened only when its turn comes, so neither the
 * archive nor a hundred open files are ever held at once. A file whose bytes are gone breaks the
 * archive off with an error rather than leave a silent gap.
 */
export function exportArchive(data: unknown, files: ArchivedFile[]): Readable {
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(`${JSON.stringify(data, null, 2)}\n`), 'data.json');
  for (const file of files) {
    // Uploads are PDF, Word and images, already compressed: storing them saves the CPU.
    zip.addReadStreamLazy(file.path, { compress: false }, (done) => {
      file.open().then(
        (bytes) => (bytes ? done(null, bytes) : done(new Error(`The bytes of ${file.path} are missing from storage.`), undefined as never)),
        (error: unknown) => done(error, undefined as never),
      );
    });
  }
  zip.end();
  const output = zip.outputStream as Readable;
  zip.on('error', (error: Error) => output.destroy(error));
  return output;
}
