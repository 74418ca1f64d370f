/**
 * Support requests and contact messages (docs/support.md): each is judged by a served form, and
 * the original payload of `POST /scholarships/add-support` names their answers its own way. This is
 * where each payload property goes in its form, for the server (payload to answers) and the
 * browser (answers to payload) alike; answers to fields an admin adds travel as `answers`.
 */
export const SUPPORT_KINDS = {
  /** The signed-in person's support form: name and e-mail come from the account. */
  support: { formKey: 'support-request', payload: { query: 'query', description: 'queryDescription' } },
  /** Anyone's contact form (the original name is always 'Guest'). */
  contact: { formKey: 'contact-message', payload: { email: 'senderEmail', phone: 'senderPhone', description: 'message' } },
} as const;

export type SupportKind = keyof typeof SUPPORT_KINDS;

/** The original name of a contact message's sender. */
export const CONTACT_SENDER_NAME = 'Guest';

/** The form answers a payload carries: its named properties moved to their fields, then `answers`. */
export function supportAnswersOf(kind: SupportKind, payload: Record<string, unknown>): Record<string, unknown> {
  const answers: Record<string, unknown> = { ...(payload.answers as Record<string, unknown> | undefined) };
  for (const [property, field] of Object.entries(SUPPORT_KINDS[kind].payload)) {
    if (payload[property] !== undefined) answers[field] = payload[property];
  }
  return answers;
}

/** The payload properties of a form's answers, and the rest as `answers`. */
export function supportPayloadOf(kind: SupportKind, answers: Record<string, unknown>): Record<string, unknown> {
  const rest = { ...answers };
  const payload: Record<string, unknown> = {};
  for (const [property, field] of Object.entries(SUPPORT_KINDS[kind].payload)) {
    payload[property] = rest[field];
    delete rest[field];
  }
  return Object.keys(rest).length ? { ...payload, answers: rest } : payload;
}
