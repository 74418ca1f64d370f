import { Injectable, Logger } from '@nestjs/common';
import { escapeHtml, htmlToText, sanitizeRichText, textToHtml } from '@scholarmatch/schemas/html';
import type { Caller } from '../auth/auth.decorators.js';
import { ApiError } from '../common/error-body.js';
import { AppConfig } from '../config/app-config.js';
import { invalidAnswers } from '../forms/answer-intake.js';
import { FormsService } from '../forms/forms.service.js';
import { organisationSender } from '../inbox/inbox-message.js';
import { MESSAGE_NOT_FOUND } from '../inbox/inbox.service.js';
import { InboxService } from '../inbox/inbox.service.js';
import { Mailer, type MailMessage } from '../mail/mailer.js';
import { ConversationsRepository, type ConversationRow, type ConversationSubject, type ThreadRow } from './conversations.repository.js';
import { referenceOf } from './review.service.js';

/** The served form of a reply, on either side (docs/inbox.md, "Conversations"). */
export const MESSAGE_REPLY_FORM = 'message-reply';
const REPLY_FIELD = 'replyBody';
const NOT_A_CONVERSATION = 'Only a message from a scholarship provider about your application can be answered.';
const CONVERSATION_NOT_FOUND = 'There is no such conversation.';
/** How much of the latest message a line of the studio inbox shows. */
const PREVIEW_LENGTH = 160;

/** "Re: Interviews", never "Re: Re: Interviews". */
export function replySubject(subject: string): string {
  return /^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;
}

/** Who the provider's side sees as the applicant: the name, or under blind review the application's reference. */
function applicantLabel(subject: ConversationSubject): string {
  return subject.blindReview ? `Applicant ${referenceOf(subject.applicationId)}` : `${subject.firstName} ${subject.lastName}`.trim();
}

/**
 * The owner's e-mail about an applicant's reply: who (the reference under blind review), about
 * which scholarship, and a link to the studio inbox's thread. The reply itself stays in the product.
 */
export function replyNoticeMail(subject: ConversationSubject, publicUrl: string): MailMessage {
  const who = applicantLabel(subject);
  const link = `${publicUrl}/app/inbox/${subject.applicationId}`;
  return {
    to: subject.providerEmail,
    subject: `${who} replied about ${subject.scholarshipTitle}`,
    text: `${who} replied to your message about ${subject.scholarshipTitle}. Read and answer it in your studio inbox: ${link}`,
    html: `<p>${escapeHtml(who)} replied to your message about ${escapeHtml(subject.scholarshipTitle)}.</p><p><a href="${link}">Read and answer it in your studio inbox</a></p>`,
  };
}

function messageView(row: ConversationRow, names: Record<'provider' | 'applicant', string>) {
  return { id: row.id, author: row.author, fromName: names[row.author], subject: row.subject, bodyHtml: sanitizeRichText(row.bodyHtml), bodyText: row.bodyText, sentAt: row.sentAt, read: row.read };
}

/**
 * Conversations between an applicant and the provider of a scholarship they applied to, one per
 * application (docs/inbox.md, "Conversations"). The applicant replies to a provider's message from
 * their inbox; the scholarship's owner reads and answers in the studio inbox; the answer reaches the
 * applicant's inbox, and their e-mail, from the organisation.
 */
@Injectable()
export class ConversationsService {
  private readonly logger = new Logger('Conversations');

  constructor(
    private readonly conversations: ConversationsRepository,
    private readonly forms: FormsService,
    private readonly inbox: InboxService,
    private readonly mailer: Mailer,
    private readonly config: AppConfig,
  ) {}

  // The applicant's side

  /** The conversation an inbox message of the caller belongs to. */
  async forApplicant(caller: Caller, messageId: string) {
    const { subject } = await this.applicantConversation(caller, messageId);
    return this.view(subject, { provider: subject.organisation, applicant: 'You' });
  }

  /** The caller's reply to a provider's message: kept in the conversation, unread for the provider. */
  async reply(caller: Caller, messageId: string, data: Record<string, unknown>) {
    const { target, subject } = await this.applicantConversation(caller, messageId);
    const html = await this.replyHtml(data);
    await this.conversations.addReply({ applicationId: subject.applicationId, inReplyTo: target.id, subject: replySubject(target.subject), bodyHtml: html, bodyText: htmlToText(html) });
    await this.tellOwner(subject);
    return this.view(subject, { provider: subject.organisation, applicant: 'You' });
  }

  /**
   * The owner hears of the reply by e-mail. The reply is already saved and counted unread in the
   * studio, which is its record: a mail server that refuses only loses the notice, never the reply.
   */
  private async tellOwner(subject: ConversationSubject): Promise<void> {
    try {
      await this.mailer.send(replyNoticeMail(subject, this.config.publicUrl));
    } catch (error) {
      this.logger.warn(`Reply notice for application ${subject.applicationId} not sent: ${(error as Error).message}`);
    }
  }

  private async applicantConversation(caller: Caller, messageId: string) {
    const target = await this.conversations.replyTarget(caller.id, messageId);
    if (!target) throw new ApiError(404, MESSAGE_NOT_FOUND, { errorCode: 'MESSAGE_NOT_FOUND' });
    const subject = target.kind === 'provider' && target.applicationId ? await this.conversations.subject(target.applicationId) : undefined;
    if (!subject || subject.applicantId !== caller.id) throw new ApiError(400, NOT_A_CONVERSATION, { errorCode: 'NOT_A_CONVERSATION' });
    return { target, subject };
  }

  // The provider's side (the scholarship's owner)

  async threads(caller: Caller, query: { unread?: boolean; offset: number; limit: number }) {
    const [{ threads, total }, unread] = await Promise.all([
      this.conversations.threads(caller.id, query.unread ?? false, query.offset, query.limit),
      this.conversations.unreadForProvider(caller.id),
    ]);
    return { total, unread, offset: query.offset, limit: query.limit, threads: threads.map((thread) => this.threadLine(thread)) };
  }

  async unreadForProvider(caller: Caller) {
    return { unread: await this.conversations.unreadForProvider(caller.id) };
  }

  /** One conversation; reading it marks the applicant's replies read. */
  async forProvider(caller: Caller, applicationId: string) {
    const subject = await this.ownedConversation(caller, applicationId);
    const view = await this.view(subject, { provider: subject.organisation, applicant: applicantLabel(subject) });
    await this.conversations.markRepliesRead(applicationId);
    return view;
  }

  /** The owner's answer: a provider message in the applicant's inbox (and e-mail), from the organisation. */
  async answer(caller: Caller, applicationId: string, data: Record<string, unknown>) {
    const subject = await this.ownedConversation(caller, applicationId);
    const html = await this.replyHtml(data);
    const messages = await this.conversations.messages(applicationId);
    const opening = messages.find((message) => message.author === 'provider');
    await this.inbox.deliver([subject.applicantId], {
      kind: 'provider',
      ...organisationSender(subject.organisation),
      subject: replySubject(opening?.subject ?? subject.scholarshipTitle),
      html,
      scholarshipId: subject.scholarshipId,
      applicationId,
    });
    await this.conversations.markRepliesRead(applicationId);
    return this.view(subject, { provider: subject.organisation, applicant: applicantLabel(subject) });
  }

  /** The conversation of a submitted application to one of the caller's scholarships; anything else is a 404. */
  private async ownedConversation(caller: Caller, applicationId: string): Promise<ConversationSubject> {
    const subject = await this.conversations.subject(applicationId);
    if (!subject || !subject.submitted || subject.providerId !== caller.id) throw new ApiError(404, CONVERSATION_NOT_FOUND, { errorCode: 'CONVERSATION_NOT_FOUND' });
    return subject;
  }

  private threadLine(thread: ThreadRow) {
    return {
      applicationId: thread.applicationId,
      reference: referenceOf(thread.applicationId),
      scholarshipId: thread.scholarshipId,
      scholarshipTitle: thread.scholarshipTitle,
      applicant: applicantLabel(thread),
      subject: thread.lastSubject,
      preview: thread.lastText.length > PREVIEW_LENGTH ? `${thread.lastText.slice(0, PREVIEW_LENGTH).trimEnd()}…` : thread.lastText,
      lastAuthor: thread.lastAuthor,
      lastAt: thread.lastAt,
      unread: thread.unread,
    };
  }

  private async view(subject: ConversationSubject, names: Record<'provider' | 'applicant', string>) {
    const messages = await this.conversations.messages(subject.applicationId);
    return {
      applicationId: subject.applicationId,
      reference: referenceOf(subject.applicationId),
      scholarshipId: subject.scholarshipId,
      scholarshipTitle: subject.scholarshipTitle,
      organisation: subject.organisation,
      applicant: names.applicant,
      messages: messages.map((message) => messageView(message, names)),
    };
  }

  /** The served reply form judges the answers (errors at `answers.replyBody`); the text becomes escaped HTML. */
  private async replyHtml(data: Record<string, unknown>): Promise<string> {
    const { errors, answers } = await this.forms.validate(MESSAGE_REPLY_FORM, data);
    if (errors.length) throw invalidAnswers(errors.map((error) => ({ ...error, path: `answers.${error.path}` })));
    return sanitizeRichText(textToHtml(String(answers[REPLY_FIELD])));
  }
}
