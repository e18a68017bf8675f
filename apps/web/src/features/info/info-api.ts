import type { ContactRequest } from '@husly/contracts';
import type { ApiClient } from '../../lib/api-client';

/** POST /api/contact: 202 once the message is queued for support. */
export async function sendContactMessage(api: ApiClient, message: ContactRequest): Promise<void> {
  await api.post<void>('/contact', message);
}
