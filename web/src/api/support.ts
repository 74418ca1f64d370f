import { ApiError } from './api-error';
import { api } from './client';
import type { components } from './schema';

/** The payload of `POST /scholarships/add-support` (docs/support.md): a support request or a contact message. */
export type SupportPayload = components['schemas']['AddSupportDto'];

/** Sends a support request or a contact message; the server's words of thanks. */
export async function sendSupport(payload: SupportPayload): Promise<string> {
  const { data, error, response } = await api.POST('/api/v1/scholarships/add-support', { body: payload });
  if (!data) throw new ApiError(error, response.status);
  return data.message ?? '';
}
