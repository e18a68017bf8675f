import type { Language } from '@husly/domain';
import type { ApiClient } from '../../lib/api-client';
import { requestLanguageHandoff } from './accounts-api';
import { storedToken } from './session-store';

/**
 * Follows a language switch link (`href`: protocol-relative, the other language's host) and keeps
 * a logged-in user logged in there: a one-minute, single-use code is posted to that host, which sets
 * its own session and sends the browser on to the same page (ADR 0014). Nothing secret goes into a
 * URL. Without a session, or when the code cannot be had, it is a plain link.
 */
export async function followLanguageSwitch(api: ApiClient, language: Language, href: string): Promise<void> {
  const target = new URL(href, window.location.href);
  if (!storedToken()) {
    window.location.assign(target.href);
    return;
  }
  let code: string;
  try {
    ({ code } = await requestLanguageHandoff(api, { language }));
  } catch {
    window.location.assign(target.href);
    return;
  }
  const form = document.createElement('form');
  form.method = 'post';
  form.action = `${target.origin}/api/auth/handoff/redeem`;
  form.hidden = true;
  for (const [name, value] of [
    ['code', code],
    ['next', `${target.pathname}${target.search}${target.hash}`],
  ]) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}
