import { Injectable, Logger } from '@nestjs/common';
import { CONTACT_SENDER_NAME, SUPPORT_KINDS, supportAnswersOf, type SupportKind } from '@scholarmatch/schemas';
import { htmlToText, sanitizeRichText } from '@scholarmatch/schemas/html';
import type { Caller } from '../auth/auth.decorators.js';
import { notSignedIn } from '../auth/access-tokens.js';
import { ApiError } from '../common/error-body.js';
import { AppConfig } from '../config/app-config.js';
import { invalidAnswers } from '../forms/answer-intake.js';
import { FormsService } from '../forms/forms.service.js';
import { InboxService } from '../inbox/inbox.service.js';
import { UsersRepository } from '../users/users.repository.js';
import type { AddSupportDto } from './dto/support.dto.js';
import { SupportMailJob } from './support-mail.job.js';
import { SupportRepository, type SupportRequestRow } from './support.repository.js';

/**
 * Support requests and contact messages (docs/support.md): judged by their served form, stored
 * first, then e-mailed to the staff by a job (a failed send loses nothing); admins list and answer
 * them, and an answer reaches a signed-in person's inbox (and so their e-mail), or a guest's e-mail.
 */
@Injectable()
export class SupportService {
  private readonly logger = new Logger('Support');

  constructor(
    private readonly requests: SupportRepository,
    private readonly forms: FormsService,
    private readonly users: UsersRepository,
    private readonly inbox: InboxService,
    private readonly mail: SupportMailJob,
    private readonly config: AppConfig,
  ) {}

  /** A support request (with a query: signed in) or a contact message (anyone). The honeypot filled: a bot, told nothing. */
  async add(body: AddSupportDto, caller: Caller | undefined, clientIp: string): Promise<void> {
    if (body.website) {
      this.logger.warn({ clientIp }, 'a support request with the honeypot filled was dropped');
      return;
    }
    const kind: SupportKind = body.query !== undefined ? 'support' : 'contact';
    const answers = await this.judged(kind, body as unknown as Record<string, unknown>);
    const payload = SUPPORT_KINDS[kind].payload as Record<string, string>;
    const of = (property: string) => answers[payload[property]] as string;
    const others = Object.fromEntries(Object.entries(answers).filter(([key]) => !Object.values(payload).includes(key)));
    if (kind === 'support') {
      if (!caller) throw new ApiError(401, 'Please log in to send a support request.', { errorCode: 'TOKEN_MISSING' });
      if (body.applicantId !== undefined && body.applicantId !== caller.id) {
        throw new ApiError(403, 'You can only send a support request as yourself.', { errorCode: 'NOT_OWNER' });
      }
      // Name and e-mail are the account's, whatever the payload says (the form shows them read-only).
      const user = await this.users.findById(caller.id);
      if (!user) throw notSignedIn();
      await this.requests.insert({
        kind, userId: user.id, name: `${user.firstName} ${user.lastName}`.trim(), email: user.email, phone: user.phone,
        query: of('query'), description: of('description'), answers: others, clientIp,
      });
    } else {
      await this.requests.insert({
        kind, userId: caller?.id ?? null, name: CONTACT_SENDER_NAME, email: of('email'), phone: of('phone'),
        query: null, description: of('description'), answers: others, clientIp,
      });
    }
    void this.mail.queue();
  }

  /** The answers the kind's served form keeps, or a 400 with its words. */
  private async judged(kind: SupportKind, payload: Record<string, unknown>): Promise<Record<string, unknown>> {
    const { errors, answers } = await this.forms.validate(SUPPORT_KINDS[kind].formKey, supportAnswersOf(kind, payload));
    if (errors.length) throw invalidAnswers(errors);
    return answers;
  }

  list(answered: boolean | undefined, offset: number, limit: number) {
    return this.requests.list({ answered }, offset, limit);
  }

  /** An admin's answer: to the person's inbox when they have an account, else by e-mail (SupportMailJob). */
  async answer(id: string, html: string, admin: Caller): Promise<SupportRequestRow> {
    const clean = sanitizeRichText(html);
    if (!htmlToText(clean).trim()) throw new ApiError(400, 'Please write an answer.', { errorCode: 'ANSWER_EMPTY' });
    // The answer and its inbox message are one: both are kept, or neither (and the admin may try again).
    const answered = await this.requests.transaction(async (tx) => {
      const row = await this.requests.answer(tx, id, clean, admin.id);
      if (row?.userId) {
        await this.inbox.deliver(
          [row.userId],
          {
            kind: 'support-answer',
            fromName: 'ScholarMatch Support',
            fromEmail: this.config.SUPPORT_EMAIL,
            subject: row.query ? `Re: ${row.query}` : 'Re: your message to ScholarMatch',
            html: clean,
          },
          tx,
        );
      }
      return row;
    });
    if (!answered) {
      const exists = await this.requests.find(id);
      throw exists
        ? new ApiError(409, 'This request has been answered already.', { errorCode: 'ALREADY_ANSWERED' })
        : new ApiError(404, 'There is no such support request.', { errorCode: 'SUPPORT_REQUEST_NOT_FOUND' });
    }
    // A guest's answer goes by e-mail (the inbox's own job e-mails a person's message).
    if (!answered.userId) void this.mail.queue();
    return answered;
  }
}
