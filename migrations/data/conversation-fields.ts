/**
 * The served form of a message in a conversation (docs/inbox.md, "Conversations"): an applicant's
 * reply to a provider, and the provider's answer from the studio inbox. Plain text, so the box is
 * a labelled text area anyone can use; the server turns it into escaped paragraphs.
 */
import type { FormLayout } from '@scholarmatch/schemas';
import type { SeedField } from './insert-definitions.js';

export const MESSAGE_REPLY_FIELDS: SeedField[] = [
  { key: 'replyBody', name: 'Your reply', dataType: 'textarea', section: 'message-reply', order: 10, target: 'message', system: true,
    validation: { required: true, maxLength: 10_000, messages: { required: 'Please write your reply.' } } },
];

export const CONVERSATION_FORMS: FormLayout[] = [{ key: 'message-reply', title: 'Reply', sections: ['message-reply'] }];
