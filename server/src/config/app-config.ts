import { plainToInstance, Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, Min, validateSync } from 'class-validator';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, from both `server/src` (tests) and `server/dist/server/src` (built). */
export const REPO_ROOT = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));

/** The nearest folder upwards whose package.json declares the npm workspaces. */
function findRepoRoot(from: string): string {
  for (let dir = from; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && 'workspaces' in JSON.parse(readFileSync(manifest, 'utf8'))) return dir;
  }
  return process.cwd();
}

const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));
const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);

/**
 * Every setting of the server, read from the environment and validated at start. README's
 * configuration table lists the same names; a wrong value stops the start with a clear message.
 */
export class AppConfig {
  @Transform(toInt) @IsInt() @Min(0) @Max(65535)
  PORT = 3000;

  @IsString()
  HOST = '0.0.0.0';

  /** Any PostgreSQL; unset means an embedded PostgreSQL in DATA_DIR. */
  @Transform(emptyToUndefined) @IsOptional() @IsString()
  DATABASE_URL?: string;

  /** Where local state lives: the embedded database, uploads, generated secrets. */
  @IsString()
  DATA_DIR = path.join(REPO_ROOT, '.data');

  @Transform(toInt) @IsInt() @Min(1024) @Max(65535)
  EMBEDDED_PG_PORT = 54329;

  /** The built web app served at /; empty disables it (API only). */
  @IsString()
  WEB_DIST = path.join(REPO_ROOT, 'web', 'dist');

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  @IsIn(['development', 'production', 'test'])
  NODE_ENV = 'development';

  /** Connections each server instance keeps to PostgreSQL. */
  @Transform(toInt) @IsInt() @Min(1) @Max(200)
  DB_POOL_SIZE = 10;

  static fromEnv(env: Record<string, string | undefined> = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
    const known = Object.keys(new AppConfig()).concat('DATABASE_URL');
    const raw = Object.fromEntries(known.filter((k) => env[k] !== undefined).map((k) => [k, env[k]]));
    const config = plainToInstance(AppConfig, { ...raw, ...overrides });
    const errors = validateSync(config, { whitelist: true });
    if (errors.length) {
      const details = errors.map((e) => `${e.property}: ${Object.values(e.constraints ?? {}).join(', ')}`);
      throw new Error(`Invalid configuration:\n  ${details.join('\n  ')}`);
    }
    return config;
  }
}
