import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';

/**
 * argon2id at OWASP ASVS 5.0's recommended floor: 19 MiB of memory, 2 passes, 1 lane. The whole
 * password is hashed (argon2 has no 72-byte limit, unlike bcrypt), so long passphrases are never
 * truncated. Hashes made with weaker settings are upgraded at the next successful login.
 */
export const ARGON2_PARAMETERS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

@Injectable()
export class PasswordHasher {
  hash(password: string): Promise<string> {
    return argon2.hash(password, ARGON2_PARAMETERS);
  }

  /** False for a wrong password and for a stored hash that cannot be read. */
  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }

  needsRehash(hash: string): boolean {
    return argon2.needsRehash(hash, ARGON2_PARAMETERS);
  }
}
