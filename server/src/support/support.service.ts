import { Injectable, Logger } from '@nestjs/common';
import { CONTACT_SENDER_NAME, MESSAGES, SUPPORT_KINDS, supportAnswersOf, type SupportKind } from '@scholarmatch/schemas';
import { escapeHtml, htmlToText, sanitizeRichText, textToHtml } from '@scholarmatch/schemas/html';
import type { AuditActor } from '../audit/audit-entry.js';
import { AuditLog } from '../audit/audit-log.service.js';
import type { Caller } from '../auth/auth.decorators.js';
import { notSignedIn } from '../auth/access-tokens.js';
import { ApiError } from '../common/error-body.js';
import { AppConfig } from '../config/app-config.js';
import { invalidAnswers } from '../forms/answer-intake.js';
import { FormsService } from '../forms/forms.service.js';
import { InboxService } from '../inbox/inbox.service.js';
import { MESSAGE_REPLY_FORM } from '../review/conversations.service.js';
import { UsersRepository } from '../users/users.repository.js';
import type { AddSupportDto, OwnSupportRequestDto, SupportThreadDto } from './dto/support.dto.js';
import { SupportMailJob } from './support-mail.job.js';
import { SupportRepository, type NewSupportRequest, type SupportRequestRow } from './support.repository.js';

/** Who the person's side shows as the sender of the staff's messages. */
const SUPPORT_SENDER = 'ScholarMatch Support';
/** The served reply form's one field (docs/inbox.md, "Conversations"). */
const REPLY_FIELD = 'replyBody';

export const supportRequestNotFound = () => new ApiError(404, 'There is no such support request.', { errorCode: 'SUPPORT_REQUEST_NOT_FOUND' });

/**
 * How the person's own list names where a request stands: answered while the latest answer is
 * newer than what it waits on (the request, or the person's reply that reopened it).
 */
export function ownStatus(row: Pick<SupportRequestRow, 'answeredAt' | 'waitingSince'>): 'received' | 'answered' {
  return row.answeredAt && row.answeredAt.getTime() >= row.waitingSince.getTime() ? 'answered' : 'received';
}

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
    private readonly audit: AuditLog,
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
      await this.store({
        kind, userId: user.id, name: `${user.firstName} ${user.lastName}`.trim(), email: user.email, phone: user.phone,
        query: of('query'), description: of('description'), answers: others, clientIp,
      });
    } else {
      await this.store({
        kind, userId: caller?.id ?? null, name: CONTACT_SENDER_NAME, email: of('email'), phone: of('phone'),
        query: null, description: of('description'), answers: others, clientIp,
      });
    }
    void this.mail.queue();
  }

  /**
   * Keeps the request; a person with an account also finds a receipt in their inbox, with the
   * 24-hour promise, in the same transaction (a request is never kept without its receipt).
   */
  private async store(request: NewSupportRequest): Promise<void> {
    await this.requests.transaction(async (tx) => {
      await this.requests.insert(request, tx);
      if (request.userId) await this.inbox.deliver([request.userId], this.receiptOf(request), tx);
    });
  }

  private receiptOf(request: NewSupportRequest) {
    const asked = [request.query, request.description].filter(Boolean).map((text) => `<p>${escapeHtml(text!)}</p>`).join('');
    return {
      kind: 'support-received' as const,
      fromName: SUPPORT_SENDER,
      fromEmail: this.config.SUPPORT_EMAIL,
      subject: request.query ? `We received your request: ${request.query}` : 'We received your message',
      html:
        `<p>${escapeHtml(MESSAGES.supportThanks)}</p><p>${escapeHtml(MESSAGES.supportReplyTime)}</p>` +
        `<p><strong>Your request</strong></p>${asked}` +
        '<p>You will find the answer here in your inbox, and on the Support page with your other requests.</p>',
    };
  }

  /** `caller`'s own requests, newest first, with their answers: the Support page's history. */
  async listOwn(caller: Caller, offset: number, limit: number): Promise<{ rows: OwnSupportRequestDto[]; total: number }> {
    const { rows, total } = await this.requests.listOwn(caller.id, offset, limit);
    return {
      rows: rows.map((row) => ({
        id: row.id, kind: row.kind, query: row.query, description: row.description, status: ownStatus(row),
        createdAt: row.createdAt, answerHtml: row.answerHtml, answeredAt: row.answeredAt,
      })),
      total,
    };
  }

  /** The answers the kind's served form keeps, or a 400 with its words. */
  private async judged(kind: SupportKind, payload: Record<string, unknown>): Promise<Record<string, unknown>> {
    const { errors, answers } = await this.forms.validate(SUPPORT_KINDS[kind].formKey, supportAnswersOf(kind, payload));
    if (errors.length) throw invalidAnswers(errors);
    return answers;
  }

  /**
   * A staff answer, one more message of the request's thread: to the person's inbox (and so their
   * e-mail) when they have an account, else by e-mail (SupportMailJob). The audit row names the
   * staff member and the address they called from.
   */
  async answer(id: string, html: string, actor: AuditActor): Promise<SupportRequestRow> {
    const clean = sanitizeRichText(html);
    if (!htmlToText(clean).trim()) throw new ApiError(400, 'Please write an answer.', { errorCode: 'ANSWER_EMPTY' });
    // The answer and its inbox message are one: both are kept, or neither (and the staff member may try again).
    const answered = await this.requests.transaction(async (tx) => {
      const before = await this.requests.lock(tx, id);
      if (!before) return undefined;
      const row = (await this.requests.answer(tx, id, clean, actor.id))!;
      await this.audit.record(
        {
          actor, action: 'support.answered', targetType: 'support_request', targetId: id,
          before: { answerHtml: before.answerHtml, status: before.status },
          after: { answerHtml: clean, answeredAt: row.answeredAt, status: row.status },
        },
        tx,
      );
      if (row.userId) {
        await this.inbox.deliver(
          [row.userId],
          { kind: 'support-answer', fromName: SUPPORT_SENDER, fromEmail: this.config.SUPPORT_EMAIL, subject: row.query ? `Re: ${row.query}` : 'Re: your message to ScholarMatch', html: clean, supportRequestId: id },
          tx,
        );
      }
      return row;
    });
    if (!answered) throw supportRequestNotFound();
    // A guest's answer goes by e-mail (the inbox's own job e-mails a person's message).
    if (!answered.userId) void this.mail.queue();
    return answered;
  }

  /** The thread of `caller`'s own request, as they read it under an answer in their inbox. */
  async ownThread(caller: Caller, id: string): Promise<SupportThreadDto> {
    const row = await this.requests.findOwn(id, caller.id);
    if (!row) throw supportRequestNotFound();
    return this.threadOf(row);
  }

  /**
   * The person's reply to their own request (the served message-reply form): a message of the
   * thread that puts the request back in the queue, waiting for staff from now (docs/support.md,
   * "The thread"). Anyone else's request, or an unknown id, is a 404.
   */
  async reply(caller: Caller, id: string, data: Record<string, unknown>): Promise<SupportThreadDto> {
    const { errors, answers } = await this.forms.validate(MESSAGE_REPLY_FORM, data);
    if (errors.length) throw invalidAnswers(errors.map((error) => ({ ...error, path: `answers.${error.path}` })));
    const html = sanitizeRichText(textToHtml(String(answers[REPLY_FIELD])));
    const row = await this.requests.transaction((tx) => this.requests.reply(tx, id, caller.id, html));
    if (!row) throw supportRequestNotFound();
    return this.threadOf(row);
  }

  private async threadOf(row: SupportRequestRow): Promise<SupportThreadDto> {
    const messages = await this.requests.thread(row.id);
    const opening = textToHtml(row.description);
    return {
      requestId: row.id,
      subject: row.query ?? 'Your message to ScholarMatch',
      status: ownStatus(row),
      messages: [
        { id: row.id, author: 'person', fromName: 'You', bodyHtml: opening, bodyText: htmlToText(opening), sentAt: row.createdAt },
        ...messages.map((message) => ({
          id: message.id,
          author: message.author,
          fromName: message.author === 'staff' ? SUPPORT_SENDER : 'You',
          bodyHtml: sanitizeRichText(message.bodyHtml),
          bodyText: htmlToText(message.bodyHtml),
          sentAt: message.createdAt,
        })),
      ],
    };
  }
}
