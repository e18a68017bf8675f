// Redirect rules of section 2: where login, signup and verification lead, and which `next` values are kept.

/**
 * The `next` query parameter is kept across login and signup only when it is a local path. Besides
 * the spec's "starts with /", protocol-relative ("//evil.example") and backslash forms are refused,
 * since browsers treat them as other hosts.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (typeof next !== 'string') return null;
  const value = next.trim();
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // Control characters (tabs, newlines) are dropped by URL parsers and can hide a second slash.
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  return value;
}

/**
 * `next` as a Location header value: a local path (safeNextPath), with every character outside
 * printable ASCII percent-encoded (UTF-8). A header may carry only Latin-1, and a raw "ø" made the
 * redirect throw after the handoff code was used up (issue 29). What is already encoded stays as is.
 */
export function locationPath(next: string | null | undefined): string | null {
  const path = safeNextPath(next);
  if (path === null) return null;
  try {
    return path.replace(/[^\x21-\x7e]+/gu, (run) => encodeURIComponent(run));
  } catch {
    return null; // an unpaired surrogate has no UTF-8 form
  }
}

/** A logged-in user on /login or /signup, and after login or signup without `next`. */
export function postLoginPath(isSubscriber: boolean): '/profile/tenant' | '/profile/subscription' {
  return isSubscriber ? '/profile/tenant' : '/profile/subscription';
}

/** After email verification: the tenant ad if the user has subscriptions, otherwise the subscription page. */
export function postVerifyPath(hasSubscriptions: boolean): '/profile/tenant' | '/profile/subscription' {
  return postLoginPath(hasSubscriptions);
}
