import type { PushPayload } from '@husly/contracts';
import type { Language } from '@husly/domain';
import { formatRent } from '../../infra/mail/templates/boligagent-mails';
import { publicOrigin, signUserParam } from '../public-urls';

/**
 * What one browser is pushed about a dwelling, in the language it subscribed on: the headline, the
 * rent as the mails write it, and the dwelling's absolute link on that language's host with the
 * agent's signed user parameter (as the mails' links, so the click is logged; source "push").
 */
export function instantPushPayload(input: {
  dwelling: { id: number; headline: string; rent: number };
  agentId: number;
  language: Language;
  publicUrl: string;
  secret: string;
}): PushPayload {
  const user = signUserParam(input.agentId, input.secret);
  return {
    title: input.dwelling.headline,
    body: formatRent(input.dwelling.rent, input.language),
    url: `${publicOrigin(input.publicUrl, input.language)}/vis/${input.dwelling.id}?user=${encodeURIComponent(user)}&source=push`,
    tag: `husly-dwelling-${input.dwelling.id}`,
  };
}
