import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Secret, TOTP } from 'otpauth';
import { ServerSecrets } from '../server-secrets.js';

const IV_BYTES = 12;
const TAG_BYTES = 16;
/** RFC 6238's defaults, which every authenticator app reads: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
/** A code of the step before or after the current one is accepted too (clock drift, a code typed as it turned). */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/**
 * The second factor's cryptography (docs/staff-security.md, "Second factor"): TOTP secrets sealed with
 * AES-256-GCM under a key derived from the server's master secret (the account's id is
 * authenticated with each, so a sealed secret cannot be moved to another account), codes checked
 * with `otpauth`, recovery codes kept as HMACs under the same key.
 */
@Injectable()
export class TotpCodes {
  constructor(private readonly secrets: ServerSecrets) {}

  /** A new 160-bit secret (RFC 4226's recommended length). */
  newSecret(): Secret {
    return new Secret({ size: 20 });
  }

  /** The otpauth:// URI an authenticator app reads from the QR code. */
  uri(secret: Secret, label: string): string {
    return this.totp(secret, label).toString();
  }

  /** The time step the code belongs to, when it is one of this secret's within the window; null otherwise. */
  stepOf(secret: Secret, code: string, now = Date.now()): number | null {
    const token = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(token)) return null;
    const delta = TOTP.validate({ token, secret, period: PERIOD_SECONDS, timestamp: now, window: WINDOW });
    return delta === null ? null : TOTP.counter({ period: PERIOD_SECONDS, timestamp: now }) + delta;
  }

  seal(userId: string, secret: Secret): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.secrets.totpKey, iv);
    cipher.setAAD(Buffer.from(userId));
    const body = Buffer.concat([cipher.update(Buffer.from(secret.bytes)), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]);
  }

  open(userId: string, sealed: Buffer): Secret {
    const decipher = createDecipheriv('aes-256-gcm', this.secrets.totpKey, sealed.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(userId));
    decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const bytes = Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
    return new Secret({ buffer: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) });
  }

  /** Ten codes of 10 characters (about 49 bits each), shown as `xxxxx-xxxxx`. */
  newRecoveryCodes(): string[] {
    return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
      const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
      return `${chars.slice(0, 5)}-${chars.slice(5)}`;
    });
  }

  /** The stored form of a recovery code; letter case, spaces and dashes do not matter. */
  recoveryHash(userId: string, code: string): Buffer {
    const normal = code.toLowerCase().replace(/[\s-]+/g, '');
    return createHmac('sha256', this.secrets.totpKey).update(`${userId}:${normal}`).digest();
  }

  private totp(secret: Secret, label: string): TOTP {
    return new TOTP({ issuer: 'ScholarMatch', label, secret, period: PERIOD_SECONDS });
  }
}
