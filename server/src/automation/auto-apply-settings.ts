import { Injectable } from '@nestjs/common';
import { notSignedIn } from '../auth/access-tokens.js';
import type { Caller } from '../auth/auth.decorators.js';
import { subscriptionRequired } from '../scholarships/membership-gate.js';
import { AutoApplyRepository } from './auto-apply.repository.js';

/** Only a member may turn automatic application on (docs/automation.md). */
export const AUTO_APPLY_FOR_MEMBERS = 'Automatic application is for members. Start your free 7-day membership to use it.';

/** The applicant's automatic-application switch, and whether the account has a membership. */
export interface AutoApplySetting {
  enabled: boolean;
  member: boolean;
}

@Injectable()
export class AutoApplySettings {
  constructor(private readonly repository: AutoApplyRepository) {}

  async read(caller: Caller): Promise<AutoApplySetting> {
    const setting = await this.repository.setting(caller.id);
    if (!setting) throw notSignedIn();
    return setting;
  }

  /** Turning it on needs a membership; turning it off never does. */
  async change(caller: Caller, enabled: boolean): Promise<AutoApplySetting> {
    const setting = await this.read(caller);
    if (enabled && !setting.member) throw subscriptionRequired(AUTO_APPLY_FOR_MEMBERS);
    await this.repository.setEnabled(caller.id, enabled);
    return { ...setting, enabled };
  }
}
