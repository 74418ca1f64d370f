import type { Conversation, ConversationMessage } from '../src/api/conversations';
import { servedForm } from './provider/studio-fixtures';

/** The served `message-reply` form as the migration defines it (docs/inbox.md, "Conversations"). */
export const REPLY_FORM = servedForm('message-reply', [
  {
    key: 'replyBody', name: 'Your reply', dataType: 'textarea', section: 'message-reply', target: 'message',
    validation: { required: true, maxLength: 10_000, messages: { required: 'Please write your reply.' } },
  },
] as Parameters<typeof servedForm>[1]);

export const APPLICATION_ID = '5a000000-0000-4000-8000-000000000001';

export function conversationMessage(n: number, author: ConversationMessage['author'], fromName: string, text: string): ConversationMessage {
  return {
    id: `6b000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    author, fromName, subject: n === 1 ? 'Interview' : 'Re: Interview',
    bodyHtml: `<p>${text}</p>`, bodyText: text,
    sentAt: new Date(Date.UTC(2026, 10, 20 + n, 9, 30)).toISOString(),
    read: false,
  };
}

/** One application's conversation; `applicant` is 'You' to the applicant, the name to the provider. */
export function conversation(applicant: string, messages: ConversationMessage[]): Conversation {
  return {
    applicationId: APPLICATION_ID, reference: '3F9A12B1', scholarshipId: '00000000-0000-4000-8000-00000000abcd',
    scholarshipTitle: 'Future Leaders', organisation: 'Hopper Foundation', applicant, messages,
  };
}
