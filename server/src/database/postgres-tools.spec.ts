import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkToolVersion, connectionForChild, findTool, majorOfVersionLine, PostgresToolError } from './postgres-tools.js';

describe('PostgreSQL client programs for backups', () => {
  it('reads the major version of old and new version lines', () => {
    expect(majorOfVersionLine('pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)\n')).toBe(15);
    expect(majorOfVersionLine('pg_restore (PostgreSQL) 18.1')).toBe(18);
    expect(majorOfVersionLine('pg_dump (PostgreSQL) 9.6.24')).toBe(9);
    expect(() => majorOfVersionLine('something else')).toThrow(PostgresToolError);
  });

  it('accepts a client as new as the server or newer, and refuses an older one with the way to get the right one', () => {
    expect(() => checkToolVersion('pg_dump', { path: '/usr/bin/pg_dump', major: 18 }, { major: 15, what: 'a PostgreSQL 15 server' })).not.toThrow();
    expect(() => checkToolVersion('pg_dump', { path: '/usr/bin/pg_dump', major: 15 }, { major: 15, what: 'a PostgreSQL 15 server' })).not.toThrow();
    const refusal = () => checkToolVersion('pg_dump', { path: '/usr/bin/pg_dump', major: 15 }, { major: 18, what: 'this PostgreSQL 18 server' });
    expect(refusal).toThrow('pg_dump 15 (/usr/bin/pg_dump) cannot work with this PostgreSQL 18 server: pg_dump must be at least version 18.');
    expect(refusal).toThrow('apt.postgresql.org');
    expect(refusal).toThrow('sudo apt install -y postgresql-client-18');
    expect(refusal).toThrow('PG_BIN_DIR');
  });

  it('says where it looked when PG_BIN_DIR holds no such program', async () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'scholarmatch-no-client-'));
    try {
      await expect(findTool('pg_restore', 17, { PG_BIN_DIR: empty })).rejects.toThrow(`pg_restore was not found in PG_BIN_DIR (${empty}). Install PostgreSQL 17's client programs.`);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('keeps the password off the command line', () => {
    expect(connectionForChild('postgres://app:s%40cret@db.internal:5432/scholarmatch?sslmode=require')).toEqual({
      url: 'postgres://app@db.internal:5432/scholarmatch?sslmode=require',
      env: { PGPASSWORD: 's@cret' },
    });
    expect(connectionForChild('postgres://postgres@127.0.0.1:5432/postgres')).toEqual({ url: 'postgres://postgres@127.0.0.1:5432/postgres', env: {} });
  });
});
