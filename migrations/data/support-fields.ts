/**
 * The support form (a signed-in person's query) and the contact form (anyone's message), as served
 * forms (docs/support.md), with the product's messages for them.
 */
import type { FormLayout } from '@scholarmatch/schemas';
import type { SeedField } from './insert-definitions.js';

export const SUPPORT_REQUEST_FIELDS: SeedField[] = [
  { key: 'query', name: 'Query', dataType: 'text', section: 'support-request', order: 10, target: 'support', system: true,
    ui: { placeholder: 'What is it about?' },
    validation: { required: true, maxLength: 200, messages: { required: 'Please input your query' } } },
  { key: 'queryDescription', name: 'Description', dataType: 'textarea', section: 'support-request', order: 20, target: 'support', system: true,
    ui: { placeholder: 'Tell us what happened, and what you expected' },
    validation: { required: true, maxLength: 5000, messages: { required: 'Please input your description' } } },
];

export const CONTACT_MESSAGE_FIELDS: SeedField[] = [
  { key: 'senderEmail', name: 'Email', dataType: 'email', section: 'contact-message', order: 10, target: 'support', system: true,
    validation: { required: true, messages: { required: 'Please input your email address!', format: 'Please enter a validate email!' } } },
  { key: 'senderPhone', name: 'Phone', dataType: 'phone', section: 'contact-message', order: 20, target: 'support', system: true,
    validation: { required: true, messages: { required: 'Please input your phone' } } },
  { key: 'message', name: 'Message', dataType: 'textarea', section: 'contact-message', order: 30, target: 'support', system: true,
    validation: { required: true, maxLength: 5000, messages: { required: 'Please input your message' } } },
];

export const SUPPORT_FORMS: FormLayout[] = [
  { key: 'support-request', title: 'Support', sections: ['support-request'] },
  { key: 'contact-message', title: 'Write to us', sections: ['contact-message'] },
];
