import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { AREAS_FIXTURE } from '../../test/areas-fixture';
import { startApiServer } from '../../test/api-server';
import { renderApp } from '../../test/render-app';
import en from '../../../public/locales/en/translation.json';
import { resetSessionStore } from './session-store';

type Server = Awaited<ReturnType<typeof startApiServer>>;
const servers: Server[] = [];
async function api(routes: Parameters<typeof startApiServer>[0]) {
  const server = await startApiServer({ 'GET /api/auth/providers': { body: { facebook: false } }, ...routes });
  servers.push(server);
  return `${server.origin}/api`;
}

afterEach(() => resetSessionStore());
afterAll(async () => Promise.all(servers.map((s) => s.close())));

const main = () => within(screen.getByRole('main'));

describe('/profile/verify', () => {
  it('a link clicked again says the email is already confirmed, with no error and no login', async () => {
    const already = { statusCode: 409, error: 'Conflict', message: 'This email address is already verified.', code: 'email-already-verified' };
    renderApp('/profile/verify?token=brugt', { areas: AREAS_FIXTURE, apiBaseUrl: await api({ 'GET /api/users/verify': { status: 409, body: already } }) });
    expect(await main().findByText('Din email er allerede bekræftet.')).toBeTruthy();
    expect(main().queryByRole('alert')).toBeNull();
    expect(main().queryByText(/could not recognize/)).toBeNull();
    expect(main().getByRole('link', { name: 'Gå til login' }).getAttribute('href')).toBe('/login');
    expect(document.cookie).not.toContain('token=');
  });

  it('an unknown or expired link is still an error', async () => {
    const unknown = { statusCode: 400, error: 'Bad Request', message: 'We could not recognize you verification token. Make sure you type in the full address.', code: 'token-not-recognised' };
    renderApp('/profile/verify?token=ukendt', { areas: AREAS_FIXTURE, apiBaseUrl: await api({ 'GET /api/users/verify': { status: 400, body: unknown } }) });
    expect(await main().findByRole('alert')).toBeTruthy();
    expect(main().queryByText('Din email er allerede bekræftet.')).toBeNull();
  });

  it('on en. the second click reads in English', async () => {
    const already = { statusCode: 409, error: 'Conflict', message: 'This email address is already verified.', code: 'email-already-verified' };
    renderApp('/profile/verify?token=brugt', { areas: AREAS_FIXTURE, translations: en, host: 'en.localhost:3000', apiBaseUrl: await api({ 'GET /api/users/verify': { status: 409, body: already } }) });
    expect(await main().findByText('Your email address is already confirmed.')).toBeTruthy();
  });
});
