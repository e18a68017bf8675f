import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import type { SessionResponse } from '@husly/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createUser, unique } from '../../../test/factories';
import { Clock } from '../../infra/clock/clock';
import { JobQueue } from '../../infra/queue/job-queue.service';

const PASSWORD = 'hemmelig-2026';

// Issue 12 §6: a password reset or change ends every other session.
describe('sessions end with the password', () => {
  let t: TestApp;
  let counter = 0;
  const from = () => ({ 'x-forwarded-for': `203.1.${Math.floor(++counter / 250)}.${(counter % 250) + 1}` });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const me = async (token: string) => (await t.request('GET', '/api/users/me', undefined, bearer(token))).status;

  beforeAll(async () => (t = await createTestApp({ clock: new Clock() })));
  afterAll(() => t.close());

  async function login(email: string, password = PASSWORD): Promise<string> {
    const res = await t.request('POST', '/api/auth/login', { email, password }, from());
    expect(res.status, res.text).toBe(200);
    return (res.body as SessionResponse).token;
  }

  it('a password change ends the other sessions and the old token; the changing session goes on with the fresh one', async () => {
    const user = await createUser(t.prisma, { password: PASSWORD, email: `session-${unique()}@husly.test` });
    const [laptop, phone] = [await login(user.email!), await login(user.email!)];
    expect([await me(laptop), await me(phone)]).toEqual([200, 200]);

    const changed = await t.request('POST', '/api/users/me/pass', { oldPassword: PASSWORD, newPassword: 'ny-kode-2026', repeat: 'ny-kode-2026' }, bearer(laptop));
    expect(changed.status, changed.text).toBe(200);
    const { token: fresh, user: answered } = changed.body as SessionResponse;
    expect(answered.id).toBe(user.id);
    expect(await me(phone)).toBe(401);
    expect(await me(laptop)).toBe(401);
    expect(await me(fresh)).toBe(200);
    // The fresh token is a full session: it may change the password again.
    const again = await t.request('POST', '/api/users/me/pass', { oldPassword: 'ny-kode-2026', newPassword: 'tredje-kode', repeat: 'tredje-kode' }, bearer(fresh));
    expect(again.status).toBe(200);
    expect(await me(await login(user.email!, 'tredje-kode'))).toBe(200);
  });

  it('a reset through the mailed link ends every session, the reset link’s own token included; the answer’s token works', async () => {
    const user = await createUser(t.prisma, { password: PASSWORD, email: `reset-${unique()}@husly.test` });
    const before = await login(user.email!);
    expect((await t.request('PUT', '/api/users/reset-password', { email: user.email }, from())).status).toBe(200);
    await t.app.get(JobQueue).drain();
    const dir = t.config.mail.dir;
    const mails = await Promise.all(readdirSync(dir).filter((f) => f.endsWith('.eml')).map((f) => simpleParser(readFileSync(join(dir, f)))));
    const mail = mails.find((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.text.includes(user.email!)));
    const link = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
    expect(link).toBeTruthy();

    const verified = await t.request('POST', '/api/users/verify-password', { data: { token: link } });
    expect(verified.status).toBe(200);
    const resetToken = (verified.body as SessionResponse).token;
    const set = await t.request('PUT', '/api/users/me/set-password', { password: 'nulstillet', repeat: 'nulstillet' }, bearer(resetToken));
    expect(set.status, set.text).toBe(200);
    const fresh = (set.body as SessionResponse).token;

    expect(await me(before)).toBe(401);
    expect(await me(resetToken)).toBe(401);
    expect(await me(fresh)).toBe(200);
    // The fresh token carries no reset permission: a further set-password needs the current password.
    expect((await t.request('PUT', '/api/users/me/set-password', { password: 'igen-en', repeat: 'igen-en' }, bearer(fresh))).status).toBe(403);
    expect(await me(await login(user.email!, 'nulstillet'))).toBe(200);
  });

  it('other profile edits leave sessions alone', async () => {
    const user = await createUser(t.prisma, { password: PASSWORD });
    const token = await login(user.email!);
    expect((await t.request('POST', '/api/users/me/change-name', { name: 'Nyt Navn' }, bearer(token))).status).toBe(200);
    expect(await me(token)).toBe(200);
  });
});
