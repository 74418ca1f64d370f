import { Injectable } from '@nestjs/common';
import { isAnswered } from '@scholarmatch/schemas';
import type { Caller } from '../auth/auth.decorators.js';
import { FormsService } from '../forms/forms.service.js';
import { FormVersionsService } from '../forms/form-versions.service.js';
import { UsersRepository } from '../users/users.repository.js';

/** The profile tabs a new question can be on, with the slug the web's profile page uses for each. */
const TABS = [
  { formKey: 'profile-basic', tab: 'basic' },
  { formKey: 'profile-education', tab: 'education' },
  { formKey: 'profile-contact', tab: 'contact' },
] as const;

export interface NewQuestion {
  key: string;
  name: string;
  formKey: string;
  tab: string;
}

/**
 * The questions staff made required after a person joined that they have not answered
 * (docs/form-designer.md, "New questions"): the web prompts them, nothing refuses them. A tab's
 * save still asks only that tab's own required fields.
 */
@Injectable()
export class NewQuestionsService {
  constructor(
    private readonly users: UsersRepository,
    private readonly forms: FormsService,
    private readonly versions: FormVersionsService,
  ) {}

  async of(caller: Caller): Promise<NewQuestion[]> {
    const user = await this.users.findById(caller.id);
    if (!user) return [];
    const keys = await this.versions.requiredSince(user.createdAt);
    if (!keys.size) return [];
    const questions: NewQuestion[] = [];
    for (const { formKey, tab } of TABS) {
      const form = await this.forms.getForm(formKey);
      const required = new Set(form.compiled.schema.required ?? []);
      for (const field of form.fields) {
        if (field.target !== 'profile' || !keys.has(field.key) || !required.has(field.key)) continue;
        if (!isAnswered(field.dataType, user.profile[field.key])) questions.push({ key: field.key, name: field.name, formKey, tab });
      }
    }
    return questions;
  }
}
