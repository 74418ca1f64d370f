import { Injectable } from '@nestjs/common';
import { uploadUrlOf } from '@scholarmatch/schemas';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ServerSecrets } from '../auth/server-secrets.js';
import { ApiError } from '../common/error-body.js';
import { AppConfig } from '../config/app-config.js';

/** What a signed link names: the file, who it was signed for, and until when (Unix seconds). */
export interface FileLinkGrant {
  fileId: string;
  signerId: string;
  expires: number;
}

const INVALID = 'This download link is not valid. Export the applicants again for fresh links.';
const EXPIRED = 'This download link has expired. Export the applicants again for fresh links.';

/**
 * Absolute, signed and expiring addresses of uploads, for places that cannot carry a bearer token
 * (a spreadsheet opened from a CSV export). The HMAC covers the file, the person the link was made
 * for and the expiry, under a key derived from the server's secret; the download still checks that
 * this person may read the file now, so a reviewer who loses access loses the links too.
 */
@Injectable()
export class FileLinks {
  constructor(
    private readonly secrets: ServerSecrets,
    private readonly config: AppConfig,
  ) {}

  /** `PUBLIC_URL/api/v1/common/files/{id}/signed?by=&expires=&signature=`, valid FILE_LINK_LIFETIME_HOURS from `now`. */
  signedUrlOf(fileId: string, signerId: string, now = new Date()): string {
    const expires = Math.floor(now.getTime() / 1000) + this.config.FILE_LINK_LIFETIME_HOURS * 3600;
    const query = new URLSearchParams({ by: signerId, expires: String(expires), signature: this.signatureOf({ fileId, signerId, expires }) });
    return `${this.config.publicUrl}${uploadUrlOf(fileId)}/signed?${query}`;
  }

  /** The grant when the signature is this server's and the link has not expired; 403 or 410 with the reason otherwise. */
  verify(fileId: string, query: { by?: string; expires?: string; signature?: string }, now = new Date()): FileLinkGrant {
    const expires = Number(query.expires);
    if (!query.by || !query.signature || !Number.isSafeInteger(expires)) {
      throw new ApiError(400, INVALID, { errorCode: 'FILE_LINK_MALFORMED', message: 'by, expires and signature are required' });
    }
    const grant = { fileId, signerId: query.by, expires };
    const expected = Buffer.from(this.signatureOf(grant));
    const given = Buffer.from(query.signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new ApiError(403, INVALID, { errorCode: 'FILE_LINK_INVALID', message: 'The signature does not match' });
    }
    if (expires * 1000 <= now.getTime()) throw new ApiError(410, EXPIRED, { errorCode: 'FILE_LINK_EXPIRED' });
    return grant;
  }

  private signatureOf({ fileId, signerId, expires }: FileLinkGrant): string {
    return createHmac('sha256', this.secrets.fileLinkKey).update(`${fileId.toLowerCase()}\n${signerId}\n${expires}`).digest('base64url');
  }
}
