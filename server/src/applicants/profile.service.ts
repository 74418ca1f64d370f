import { Injectable, Logger } from '@nestjs/common';
import { mergeRepeatedAnswer, type FieldDefinition } from '@scholarmatch/schemas';
import type { Caller } from '../auth/auth.decorators.js';
import { notSignedIn } from '../auth/access-tokens.js';
import { ApiError } from '../common/error-body.js';
import { AnswerIntake, invalidAnswers } from '../forms/answer-intake.js';
import { FormsService } from '../forms/forms.service.js';
import { Mailer } from '../mail/mailer.js';
import { toUserDto } from '../users/dto/user.dto.js';
import type { UserEntity } from '../users/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';
import { SweepstakesService } from '../sweepstakes/sweepstakes.service.js';
import type { ApplicantDto, ApplicantFieldInputDto, ProfileFormKey, UpdateApplicantDto } from './dto/applicant.dto.js';
import { Metrics } from '../metrics/metrics.js';

type AccountChanges = Parameters<UsersRepository['updateProfile']>[1];

/** The values of account fields (target 'account': columns of the user) that `source` holds under their keys. */
function accountValues(accountFields: readonly FieldDefinition[], source: object): Record<string, unknown> {
  const values = source as Record<string, unknown>;
  return Object.fromEntries(accountFields.filter((field) => values[field.key] !== undefined).map((field) => [field.key, values[field.key]]));
}

/** The profile's tabs as the applicant's profile page shows them. */
const PROFILE_TABS = [
  { formKey: 'profile-education', title: 'Education' },
  { formKey: 'profile-basic', title: 'Basic' },
  { formKey: 'profile-contact', title: 'Contact' },
] as const satisfies readonly { formKey: ProfileFormKey; title: string }[];

/** One tab's answers, each under its field's name. */
export interface ProfileFormAnswers {
  formKey: ProfileFormKey;
  title: string;
  answers: { key: string; label: string; value: unknown }[];
}

/** An option's label in place of its value (a list's each), when the field has options. */
function labelled(field: FieldDefinition, value: unknown): unknown {
  if (!field.options?.length) return value;
  const labelOf = (one: unknown) => field.options!.find((option) => option.value === one)?.label ?? one;
  return Array.isArray(value) ? value.map(labelOf) : labelOf(value);
}

/**
 * The applicant's profile: read in the original shape, and saved form by form. Answers are merged
 * into the stored ones by field, judged by the compiled schema of the form they came from (the
 * browser's verdict, same words), pruned of hidden branches, and stored as a jsonb document keyed
 * by field key (docs/architecture.md, "How a form flows").
 */
@Injectable()
export class ProfileService {
  private readonly logger = new Logger('ProfileService');

  constructor(
    private readonly users: UsersRepository,
    private readonly forms: FormsService,
    private readonly intake: AnswerIntake,
    private readonly mailer: Mailer,
    private readonly sweepstakes: SweepstakesService,
    private readonly metrics: Metrics,
  ) {}

  async get(caller: Caller): Promise<ApplicantDto> {
    const user = await this.users.findById(caller.id);
    if (!user) throw notSignedIn();
    return this.toApplicant(user);
  }

  /**
   * Anyone's answers as the profile tabs ask for them, tab by tab in their order, with each
   * field's name and an option's label in place of its value (the console's person page,
   * docs/console.md "People"). Unanswered fields are left out.
   */
  async answersByForm(userId: string): Promise<ProfileFormAnswers[]> {
    const user = await this.users.findById(userId);
    if (!user) return [];
    const account = toUserDto(user) as unknown as Record<string, unknown>;
    const tabs = await Promise.all(
      PROFILE_TABS.map(async ({ formKey, title }) => {
        const form = await this.forms.getForm(formKey);
        const answers = form.fields
          .map((field) => ({ field, value: field.target === 'account' ? account[field.key] : user.profile[field.key] }))
          .filter(({ value }) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && !value.length))
          .map(({ field, value }) => ({ key: field.key, label: field.name, value: labelled(field, value) }));
        return { formKey, title, answers };
      }),
    );
    return tabs;
  }

  async update(caller: Caller, id: string, body: UpdateApplicantDto): Promise<ApplicantDto> {
    if (caller.id !== id) throw new ApiError(403, 'You can only change your own profile.', { errorCode: 'NOT_OWNER' });
    const user = await this.users.findById(id);
    if (!user) throw new ApiError(404, 'There is no such applicant.', { errorCode: 'APPLICANT_NOT_FOUND' });

    const formKey: ProfileFormKey = body.formKey ?? 'registration';
    const form = await this.forms.getForm(formKey);
    const accountFields = [...(await this.forms.fieldsById()).values()].filter((field) => field.target === 'account');
    const submitted = await this.answersOf(body.applicantFields ?? []);
    const data = { ...user.profile, ...accountValues(accountFields, user), ...accountValues(accountFields, body), ...submitted };

    // The answer policy has run on `answers` (FormsService.validate): pruned, derived, sanitised, answered only.
    const { errors, answers } = await this.forms.validate(formKey, data);
    if (errors.length) throw invalidAnswers(errors);
    const foreign = await this.intake.foreignUploads(id, form.fields, answers);
    if (foreign.length) throw invalidAnswers(foreign);

    // The form's own profile fields are replaced as a whole (a hidden branch's answer goes); the others stay.
    const answered = (target: FieldDefinition['target']) => form.fields.filter((field) => field.target === target && field.key in answers);
    const profileFields = form.fields.filter((field) => field.target === 'profile');
    const values = Object.fromEntries(answered('profile').map((field) => [field.key, answers[field.key]]));
    const account = Object.fromEntries(answered('account').map((field) => [field.key, answers[field.key]])) as AccountChanges;
    const saved = await this.users.updateProfile(
      id,
      {
        ...account,
        ...(body.applicantType ? { applicantType: body.applicantType } : {}),
        // The completion step is done once its form validates as a whole.
        ...(formKey === 'registration' ? { isProfileUpdate: true } : {}),
      },
      { replacedKeys: profileFields.map((field) => field.key), values },
    );
    // Not awaited: the save is done, and a stalled mail server (SMTP waits up to its greeting
    // and socket timeouts, 5-10 s) must not hold the applicant's answer (faults/slow-services.fault.ts).
    if (saved.email.toLowerCase() !== user.email.toLowerCase()) void this.tellOldAddress(user, saved.email);
    const justRegistered = formKey === 'registration' && !user.isProfileUpdate;
    if (justRegistered) this.metrics.registrationsCompleted.inc();
    if (justRegistered && (await this.enterSweepstakes(id))) saved.isScholarshipApplied = true;
    return this.toApplicant(saved);
  }

  /**
   * Completing the free registration enters the applicant into the running sweepstakes (as in the original product).
   * The registration is saved either way: a failed entry is logged, and the dashboard still offers
   * the sweepstakes to those who have not entered.
   */
  private async enterSweepstakes(userId: string): Promise<boolean> {
    try {
      return await this.sweepstakes.enterOnRegistration(userId);
    } catch (error) {
      this.logger.warn({ err: error }, 'could not enter a newly registered applicant into the sweepstakes');
      return false;
    }
  }

  /**
   * The login e-mail changed (Contact tab): the old address hears of it, so a change made with a
   * stolen session does not go unnoticed. Sent in the background after the save: a mail failure
   * does not undo the saved change, and never throws (it is logged).
   */
  private async tellOldAddress(user: UserEntity, newEmail: string): Promise<void> {
    try {
      await this.mailer.send({
        to: user.email,
        subject: 'Your ScholarMatch e-mail address was changed',
        text:
          `Hello ${user.firstName},\n\nThe e-mail address of your ScholarMatch account was changed to ${newEmail}.\n` +
          'If you did not make this change, contact support right away.\n\nScholarMatch',
      });
    } catch (error) {
      this.logger.warn({ err: error }, 'could not tell the old address about an e-mail change');
    }
  }

  /** Submitted entries by field key; several entries of one field are combined as its type says (a multiSelect's become one list). */
  private async answersOf(entries: ApplicantFieldInputDto[]): Promise<Record<string, unknown>> {
    const fields = await this.forms.fieldsById();
    const answers: Record<string, unknown> = {};
    entries.forEach((entry, index) => {
      const field = fields.get(entry.fieldId);
      if (!field || field.target !== 'profile' || field.active === false) {
        throw new ApiError(400, `There is no profile field with id ${entry.fieldId}.`, {
          errorCode: 'UNKNOWN_FIELD',
          errors: [{ path: `applicantFields.${index}.fieldId`, message: `There is no profile field with id ${entry.fieldId}.` }],
        });
      }
      answers[field.key] = mergeRepeatedAnswer(field.dataType, answers[field.key], entry.fieldValue);
    });
    return answers;
  }

  private async toApplicant(user: UserEntity): Promise<ApplicantDto> {
    const fields = [...(await this.forms.fieldsById()).values()];
    const applicantFields = fields
      .filter((field) => field.target === 'profile' && field.active !== false && field.key in user.profile)
      .map((field) => ({
        fieldId: field.id,
        fieldValue: user.profile[field.key],
        field: { key: field.key, name: field.name, dataType: field.dataType },
      }));
    return { ...toUserDto(user), applicantFields };
  }
}
