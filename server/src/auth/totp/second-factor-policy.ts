import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import { STAFF_ROLES, type StaffRole, type UserEntity } from '../../users/user.entity.js';
import { StaffTotpRepository } from './staff-totp.repository.js';

/** Where an account stands with the second factor. */
export interface SecondFactorState {
  /** On: every sign-in checks a code. */
  enabled: boolean;
  /** Its role must have it (admins, with STAFF_MFA_REQUIRED). */
  required: boolean;
  /** Required and not on yet: its sessions reach the enrolment routes only. */
  enrolmentOnly: boolean;
}

const NONE: SecondFactorState = { enabled: false, required: false, enrolmentOnly: false };

/**
 * Who has or needs a second factor (docs/staff-security.md, "Second factor"): only staff may turn it on,
 * and admins must when STAFF_MFA_REQUIRED. Anyone else costs no query.
 */
@Injectable()
export class SecondFactorPolicy {
  constructor(
    private readonly totp: StaffTotpRepository,
    private readonly config: AppConfig,
  ) {}

  async of(user: Pick<UserEntity, 'id' | 'role'>): Promise<SecondFactorState> {
    if (!isStaff(user.role)) return NONE;
    const enabled = await this.totp.isEnabled(user.id);
    const required = this.requiredFor(user.role);
    return { enabled, required, enrolmentOnly: required && !enabled };
  }

  requiredFor(role: string): boolean {
    return role === 'admin' && this.config.staffMfaRequired;
  }
}

export function isStaff(role: string): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role);
}
