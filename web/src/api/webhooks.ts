import { queryOptions } from '@tanstack/react-query';
import { dataOf, shouldRetry } from './api-error';
import { api } from './client';
import { SaveError } from './profile';
import type { components } from '@scholarmatch/sdk/schema';

/** The organisation's webhook endpoints and their delivery log (docs/webhooks.md). */

export type WebhookEndpoint = components['schemas']['WebhookEndpointDto'];
export type WebhookEndpointWithSecret = components['schemas']['WebhookEndpointWithSecretDto'];
export type WebhookDelivery = components['schemas']['WebhookDeliveryDto'];
export type WebhookEvent = WebhookEndpoint['events'][number];

/** Each event as the owner chooses it, in the order of the form. */
export const WEBHOOK_EVENT_CHOICES: readonly { event: WebhookEvent; detail: string }[] = [
  { event: 'application.submitted', detail: 'An applicant submitted an application' },
  { event: 'application.status_changed', detail: "An application's status changed" },
  { event: 'scholarship.published', detail: 'A scholarship was published' },
  { event: 'scholarship.closed', detail: 'A scholarship was closed' },
  { event: 'review.completed', detail: 'A reviewer scored an application on every criterion' },
  { event: 'winner.selected', detail: 'A winner was chosen' },
];

export const webhooksQueryOptions = queryOptions({
  queryKey: ['webhooks'] as const,
  queryFn: async ({ signal }) => dataOf(await api.GET('/api/v1/providers/webhooks', { signal })),
  retry: shouldRetry,
});

export const deliveriesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['webhooks', id, 'deliveries'] as const,
    queryFn: async ({ signal }) => dataOf(await api.GET('/api/v1/providers/webhooks/{id}/deliveries', { params: { path: { id }, query: { limit: 25 } }, signal })),
    retry: shouldRetry,
  });

/** A refusal with field problems is a SaveError carrying them. */
function saved<T>(result: { data?: { data: T }; error?: unknown; response: Response }): T {
  if (!result.data) throw new SaveError(result.error, result.response.status);
  return result.data.data;
}

const byId = (id: string) => ({ params: { path: { id } } });

export async function createWebhook(input: { url: string; events: WebhookEvent[] }): Promise<WebhookEndpointWithSecret> {
  return saved(await api.POST('/api/v1/providers/webhooks', { body: input }));
}

export async function updateWebhook(id: string, change: { url?: string; events?: WebhookEvent[]; enabled?: boolean }): Promise<WebhookEndpoint> {
  return saved(await api.PATCH('/api/v1/providers/webhooks/{id}', { ...byId(id), body: change }));
}

export async function deleteWebhook(id: string): Promise<void> {
  dataOf(await api.DELETE('/api/v1/providers/webhooks/{id}', byId(id)));
}

export async function rollWebhookSecret(id: string): Promise<WebhookEndpointWithSecret> {
  return dataOf(await api.POST('/api/v1/providers/webhooks/{id}/roll-secret', byId(id)));
}

export async function sendTestEvent(id: string): Promise<WebhookDelivery> {
  return dataOf(await api.POST('/api/v1/providers/webhooks/{id}/test', byId(id)));
}

export async function redeliver(id: string, deliveryId: string): Promise<WebhookDelivery> {
  return dataOf(await api.POST('/api/v1/providers/webhooks/{id}/deliveries/{deliveryId}/redeliver', { params: { path: { id, deliveryId } } }));
}
