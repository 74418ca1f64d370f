import { createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config/app-config.js';

/** The keys the server signs and MACs with. */
export class ServerSecrets {
  constructor(
    /**
     * Signs access tokens (HS256). A KeyObject, not a string: given a string, jsonwebtoken first
     * tries to parse it as a PEM public key on every verify, which cost a fifth of the CPU of an
     * authenticated request.
     */
    readonly jwtKey: KeyObject,
    /** Keys the HMAC of password-reset codes, so a copy of the table does not reveal them. */
    readonly codeKey: Buffer,
    /** Signs the built-in sandbox payment provider's webhooks (docs/payments.md). */
    readonly sandboxWebhookKey: Buffer,
    /** Encrypts a chat's secret answers while the chat lasts (docs/chat.md). */
    readonly chatKey: Buffer,
    /** Signs the expiring download links an export writes for files (docs/review.md, "Export"). */
    readonly fileLinkKey: Buffer,
    /** Seals the staff's TOTP secrets and keys their recovery codes' hashes (docs/staff-security.md, "Second factor"). */
    readonly totpKey: Buffer,
    /** Seals the signing secrets of organisations' webhook endpoints (docs/security.md, "Webhook endpoints"). */
    readonly webhookKey: Buffer,
  ) {}

  static fromMaster(master: string): ServerSecrets {
    const derive = (purpose: string) => createHmac('sha256', master).update(purpose).digest();
    // The key's bytes are the base64url text of the derived value (as when it was passed as a string).
    return new ServerSecrets(
      createSecretKey(Buffer.from(derive('access-tokens').toString('base64url'))),
      derive('reset-codes'),
      derive('sandbox-webhooks'),
      derive('chat-secrets'),
      derive('file-links'),
      derive('totp-secrets'),
      derive('webhook-secrets'),
    );
  }
}

/**
 * JWT_SECRET, or one generated on first start and kept in DATA_DIR/jwt-secret (mode 0600), so
 * sessions survive restarts with no setup. Several replicas must share JWT_SECRET.
 */
export async function loadServerSecrets(config: AppConfig): Promise<ServerSecrets> {
  if (config.JWT_SECRET) return ServerSecrets.fromMaster(config.JWT_SECRET);
  const file = path.join(config.DATA_DIR, 'jwt-secret');
  await mkdir(config.DATA_DIR, { recursive: true });
  try {
    await writeFile(file, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Already there (or written by a process starting at the same moment): use it.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return ServerSecrets.fromMaster((await readFile(file, 'utf8')).trim());
}
