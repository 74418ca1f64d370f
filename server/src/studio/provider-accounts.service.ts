import { Injectable } from '@nestjs/common';
import { uploadIdOfUrl, type FieldDefinition } from '@scholarmatch/schemas';
import type { Caller } from '../auth/auth.decorators.js';
import type { SessionDto } from '../auth/dto/session.dto.js';
import { PasswordHasher } from '../auth/password-hasher.js';
import { Sessions } from '../auth/sessions.js';
import { AnswerIntake, invalidAnswers } from '../forms/answer-intake.js';
import { FormsService } from '../forms/forms.service.js';
import { ORGANISATION_NAME_FIELD } from '../common/sponsor-sql.js';
import { UsersRepository } from '../users/users.repository.js';
import type { OrganisationDto } from './dto/organisation.dto.js';
import { OrganisationsRepository, type OrganisationRow } from './organisations.repository.js';

export const PROVIDER_SIGNUP_FORM = 'provider-signup';
export const ORGANISATION_FORM = 'organisation';

/** The organisation form's system fields the code reads (migrations/data/studio-fields.ts). */
const ORGANISATION_KEYS = { name: ORGANISATION_NAME_FIELD, contactName: 'contactName', contactEmail: 'contactEmail', contactPhone: 'contactPhone' } as const;

/** Where a logo can be read by anyone: the public address of an organisation's image (uploads). */
function publicImageUrl(fileUrl: unknown): string | null {
  const id = uploadIdOfUrl(fileUrl);
  return id ? `/api/v1/common/public-link/${id}` : null;
}

/** The organisation's logo: the first file answer of its form, at its public address. */
export function organisationLogoUrl(fields: readonly FieldDefinition[], answers: Record<string, unknown>): string | null {
  for (const field of fields) {
    if (field.dataType !== 'file') continue;
    const url = publicImageUrl(answers[field.key]);
    if (url) return url;
  }
  return null;
}

/**
 * Provider accounts (docs/providers.md): sign-up judged by the served `provider-signup` form,
 * and the organisation judged by the served `organisation` form. The person who signs up is the
 * organisation's first contact person.
 */
@Injectable()
export class ProviderAccountsService {
  constructor(
    private readonly users: UsersRepository,
    private readonly organisations: OrganisationsRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: Sessions,
    private readonly forms: FormsService,
    private readonly intake: AnswerIntake,
  ) {}

  async signUp(data: Record<string, unknown>, clientIp: string): Promise<SessionDto> {
    const { errors, answers } = await this.forms.validate(PROVIDER_SIGNUP_FORM, data);
    if (errors.length) throw invalidAnswers(errors);
    const signup = await this.forms.getForm(PROVIDER_SIGNUP_FORM);
    const organisationKeys = new Set(signup.fields.filter((field) => field.target === 'organisation').map((field) => field.key));
    const user = await this.users.create({
      email: answers.email as string,
      passwordHash: await this.hasher.hash(answers.password as string),
      role: 'provider',
      applicantType: null,
      firstName: answers.firstName as string,
      lastName: answers.lastName as string,
      phone: (answers.phone as string | undefined) ?? null,
      consentedToContactAt: null,
      acceptedTermsAt: answers.acceptTerms === true ? new Date() : null,
    });
    const organisation = Object.fromEntries(Object.entries(answers).filter(([key]) => organisationKeys.has(key)));
    await this.organisations.save(user.id, {
      [ORGANISATION_KEYS.contactName]: `${user.firstName} ${user.lastName}`,
      [ORGANISATION_KEYS.contactEmail]: user.email,
      ...(user.phone ? { [ORGANISATION_KEYS.contactPhone]: user.phone } : {}),
      ...organisation,
    });
    return this.sessions.start(user, clientIp);
  }

  async organisation(caller: Caller): Promise<OrganisationDto> {
    const row = await this.organisations.find(caller.id);
    return this.toDto(row ?? { answers: {}, updatedAt: new Date(0) });
  }

  /** The whole organisation form: validated, sanitised, its uploads the caller's own. */
  async updateOrganisation(caller: Caller, data: Record<string, unknown>): Promise<OrganisationDto> {
    const { errors, answers } = await this.forms.validate(ORGANISATION_FORM, data);
    const form = await this.forms.getForm(ORGANISATION_FORM);
    const foreign = await this.intake.foreignUploads(caller.id, form.fields, answers);
    if (errors.length || foreign.length) throw invalidAnswers([...errors, ...foreign]);
    return this.toDto(await this.organisations.save(caller.id, answers));
  }

  /** The organisation's name as shown to applicants. */
  static nameOf(answers: Record<string, unknown>): string | null {
    const name = answers[ORGANISATION_KEYS.name];
    return typeof name === 'string' ? name : null;
  }

  private async toDto(row: OrganisationRow): Promise<OrganisationDto> {
    const form = await this.forms.getForm(ORGANISATION_FORM);
    return { answers: row.answers, logoUrl: organisationLogoUrl(form.fields, row.answers), updatedAt: row.updatedAt };
  }
}
