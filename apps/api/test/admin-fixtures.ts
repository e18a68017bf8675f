import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { AdminAccessService } from '../src/admin/auth/admin-access.service';
import { TokenService } from '../src/common/auth/token.service';
import { createUser } from './factories';
import type { TestApp } from './test-app';

/** The six digits an authenticator app shows for `secret` at the app's clock (plus `offsetSteps` periods). */
export function codeAt(t: TestApp, secret: string, offsetSteps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: t.clock.now().getTime() + offsetSteps * 30_000 });
}

/** The admin session's cookie value from a Set-Cookie answer, or null. */
export function adminCookieOf(headers: Record<string, unknown>): string | null {
  const raw = headers['set-cookie'];
  const all = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  for (const cookie of all) {
    const match = /^husly_admin=([^;]*)/.exec(String(cookie));
    if (match && match[1]) return match[1];
  }
  return null;
}

/** A user granted the admin role (as `npm run admin:grant` does), with a bearer header issued at the app's clock. */
export async function adminUser(t: TestApp, input: { name?: string } = {}) {
  const user = await createUser(t.prisma, { name: input.name ?? 'Support Supportesen' });
  const { secret } = await t.app.get(AdminAccessService).grant(user.email as string);
  const bearer = () => `Bearer ${t.app.get(TokenService).issue(user.id, { sessionVersion: user.sessionVersion })}`;
  return { user, secret, bearer };
}

/** An admin with an open desk session: the headers a desk request sends (login bearer and the session cookie). */
export async function adminWithSession(t: TestApp, input: { name?: string } = {}) {
  const admin = await adminUser(t, input);
  const opened = await t.request('POST', '/api/admin/session', { code: codeAt(t, admin.secret) }, { authorization: admin.bearer() });
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  const cookie = adminCookieOf(opened.headers) as string;
  const headers = {
    get authorization() {
      return admin.bearer();
    },
    cookie: `husly_admin=${cookie}`,
  } as Record<string, string>;
  return { ...admin, cookie, headers };
}
