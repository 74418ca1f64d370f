import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ServerSecrets } from '../auth/server-secrets.js';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Keeps a chat's secret answers (a password until the sign-up is saved, a verified reset code)
 * encrypted in its session row with AES-256-GCM under a key of the server's (docs/chat.md): a copy
 * of the table does not reveal them, and every replica sharing JWT_SECRET can read them back.
 * Each sealing has a fresh IV; the session id is authenticated with it, so sealed answers cannot
 * be moved to another session.
 */
@Injectable()
export class ChatSealer {
  constructor(private readonly secrets: ServerSecrets) {}

  seal(sessionKey: string, secrets: Record<string, string>): Buffer | null {
    if (Object.keys(secrets).length === 0) return null;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.secrets.chatKey, iv);
    cipher.setAAD(Buffer.from(sessionKey));
    const body = Buffer.concat([cipher.update(JSON.stringify(secrets), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]);
  }

  /** The secrets sealed for this session; empty when there are none or they do not open (another key, another session). */
  open(sessionKey: string, sealed: Buffer | null): Record<string, string> {
    if (!sealed || sealed.length < IV_BYTES + TAG_BYTES) return {};
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.secrets.chatKey, sealed.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(sessionKey));
      decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      const text = Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      return JSON.parse(text) as Record<string, string>;
    } catch {
      return {};
    }
  }
}
