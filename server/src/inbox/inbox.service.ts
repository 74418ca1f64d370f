import { Injectable } from '@nestjs/common';
import { htmlToText, sanitizeRichText } from '@scholarmatch/schemas/html';
import type { EntityManager } from 'typeorm';
import { ApiError } from '../common/error-body.js';
import { AppConfig } from '../config/app-config.js';
import { productSender, type OutgoingMessage } from './inbox-message.js';
import { InboxRepository, type NewMessage, type StoredMessage } from './inbox.repository.js';

/** A value in the inbox's message shape: each one wrapped in an object holding a string (docs/inbox.md). */
export interface Wrapped {
  value: string;
}

export interface InboxMessageView {
  _id: Wrapped;
  fromName: Wrapped;
  fromEmail: Wrapped;
  subject: Wrapped;
  sentDate: Wrapped;
  createdAt: Wrapped;
  bodyAsText: Wrapped;
  bodyAsHtml: Wrapped;
  read: boolean;
  kind: string;
  scholarshipId: string | null;
  /** The application whose conversation this message belongs to; the recipient may reply when set. */
  applicationId: string | null;
  /** The support request a staff answer belongs to; the recipient may reply (docs/support.md, "The thread"). */
  supportRequestId: string | null;
}

const wrap = (value: string): Wrapped => ({ value });

/** The message as its recipient reads it; an organisation's message shows the product's address (`productEmail`). */
export function inboxMessageView(message: StoredMessage, productEmail: string): InboxMessageView {
  return {
    _id: wrap(message.id),
    fromName: wrap(message.fromName),
    fromEmail: wrap(message.fromEmail || productEmail),
    subject: wrap(message.subject),
    sentDate: wrap(message.sentAt.toISOString()),
    createdAt: wrap(message.createdAt.toISOString()),
    bodyAsText: wrap(message.bodyText),
    bodyAsHtml: wrap(message.bodyHtml),
    read: message.readAt !== null,
    kind: message.kind,
    scholarshipId: message.scholarshipId,
    applicationId: message.kind === 'provider' ? message.applicationId : null,
    supportRequestId: message.kind === 'support-answer' ? message.supportRequestId : null,
  };
}

/** A message as stored: its HTML sanitised, its text derived from what is kept. */
export function storableMessage(message: OutgoingMessage): NewMessage {
  const bodyHtml = sanitizeRichText(message.html);
  return {
    kind: message.kind,
    scholarshipId: message.scholarshipId ?? null,
    applicationId: message.applicationId ?? null,
    supportRequestId: message.supportRequestId ?? null,
    fromName: message.fromName,
    fromEmail: message.fromEmail,
    subject: message.subject,
    bodyHtml,
    bodyText: htmlToText(bodyHtml),
  };
}

export const MESSAGE_NOT_FOUND = 'This message was not found in your inbox.';

/**
 * The inbox (docs/inbox.md): every part of the product that tells someone something delivers it
 * here; the e-mail follows from the stored message (InboxMailJob), so a message is never lost to
 * a failed send and the sender's transaction decides whether it exists at all.
 */
@Injectable()
export class InboxService {
  private readonly productEmail: string;

  constructor(
    private readonly messages: InboxRepository,
    config: AppConfig,
  ) {
    this.productEmail = productSender(config.MAIL_FROM).fromEmail;
  }

  /** A stored message as its recipient reads it. */
  view(message: StoredMessage): InboxMessageView {
    return inboxMessageView(message, this.productEmail);
  }

  /** Stores the message for each recipient (once each), sanitised, in the caller's transaction when given. */
  async deliver(userIds: readonly string[], message: OutgoingMessage, manager?: EntityManager): Promise<void> {
    const stored = storableMessage(message);
    await this.messages.insert([...new Set(userIds)].map((userId) => ({ userId, message: stored })), manager);
  }

  /** Stores a message of its own for each recipient (one insert for them all). */
  async deliverEach(entries: readonly { userId: string; message: OutgoingMessage }[], manager?: EntityManager): Promise<void> {
    await this.messages.insert(entries.map(({ userId, message }) => ({ userId, message: storableMessage(message) })), manager);
  }

  async list(userId: string, query: { search?: string; scholarshipId?: string; offset: number; limit: number }) {
    const search = (query.search ?? '').trim();
    const [{ messages, total }, unread] = await Promise.all([
      this.messages.page(userId, { search, scholarshipId: query.scholarshipId }, query.offset, query.limit),
      this.messages.unreadCount(userId),
    ]);
    return { messages: messages.map((message) => this.view(message)), total, unread };
  }

  unreadCount(userId: string): Promise<number> {
    return this.messages.unreadCount(userId);
  }

  async one(userId: string, id: string): Promise<InboxMessageView> {
    return this.view(this.found(await this.messages.findOwn(userId, id)));
  }

  async markRead(userId: string, id: string): Promise<InboxMessageView> {
    return this.view(this.found(await this.messages.markRead(userId, id)));
  }

  private found(message: StoredMessage | undefined): StoredMessage {
    if (!message) throw new ApiError(404, MESSAGE_NOT_FOUND, { errorCode: 'MESSAGE_NOT_FOUND' });
    return message;
  }
}
