import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { LocalDiskFileStorage } from './file-storage.js';

describe('LocalDiskFileStorage', () => {
  let root: string;
  let storage: LocalDiskFileStorage;
  const key = '3f2a9c1e-6b7d-4e8f-9a0b-1c2d3e4f5a6b';

  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'file-storage-'));
    storage = new LocalDiskFileStorage(path.join(root, 'uploads'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('stores, reads back and deletes bytes under a key, readable by the server user only', async () => {
    await storage.put(key, Buffer.from('hello'));
    expect(await buffer((await storage.get(key))!)).toEqual(Buffer.from('hello'));
    expect(statSync(storage.pathOf(key)).mode & 0o777).toBe(0o600);
    expect(readdirSync(path.join(root, 'uploads', '3f'))).toEqual([key]);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('makes its folder again when an operator removed it', async () => {
    await storage.put(key, Buffer.from('a'));
    rmSync(path.join(root, 'uploads'), { recursive: true });
    await storage.put(key, Buffer.from('c'));
    expect(await buffer((await storage.get(key))!)).toEqual(Buffer.from('c'));
  });

  it('refuses keys that are not server-made ids (no way out of the folder)', async () => {
    for (const bad of ['../../etc/passwd', 'cv.pdf', `${key}/../x`, '']) {
      await expect(storage.put(bad, Buffer.from('x'))).rejects.toThrow('Invalid storage key.');
      await expect(storage.get(bad)).rejects.toThrow('Invalid storage key.');
    }
  });
});
