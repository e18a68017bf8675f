import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AREAS_FIXTURE } from '../../test/areas-fixture';
import { startApiServer, type Route } from '../../test/api-server';
import { clickTwice, submitTwice } from '../../test/press-twice';
import { renderApp } from '../../test/render-app';
import { resetSessionStore } from '../accounts/session-store';
import en from '../../../public/locales/en/translation.json';

// The public unsubscribe pages against a real local HTTP server, through the real route table.

type Server = Awaited<ReturnType<typeof startApiServer>>;
const servers: Server[] = [];
afterEach(() => resetSessionStore());
afterAll(async () => Promise.all(servers.map((s) => s.close())));

async function open(path: string, routes: Record<string, Route | Route[]>) {
  const server = await startApiServer({ 'GET /api/auth/providers': { body: { facebook: false } }, ...routes });
  servers.push(server);
  const { requestsAnswered } = renderApp(path, { areas: AREAS_FIXTURE, apiBaseUrl: `${server.origin}/api`, translations: en, host: 'en.localhost:3000' });
  return Object.assign(server, { requestsAnswered });
}

const RECORD = { uuid: '9b2f4c1e-0d6a-4f3e-8a7b-1c2d3e4f5a6b', reason: null, name: 'Ole Olsen', email: 'ole@husly.test', phone: '12345678', orderno: null, message: null, timestamp: '2026-11-26T09:00:00.000Z' };

describe('/afmelding: the manual form', { timeout: 30_000 }, () => {
  it('names the missing fields before sending; once sent the fields are disabled, the survey is optional, then the receipt', async () => {
    const server = await open('/afmelding', {
      'POST /api/unsubscribe/manual': { status: 201, body: { unsubscription: RECORD, receipt: { confirmationByMail: true } } },
    });
    const form = await screen.findByTestId('manual-unsubscribe-form');
    fireEvent.click(within(form).getByRole('button', { name: 'Send cancellation' }));
    expect(await within(form).findAllByText('Required.')).toHaveLength(3);
    expect(server.requests.filter((r) => r.url === '/api/unsubscribe/manual')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'ole@husly.test' } });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Ole Olsen' } });
    fireEvent.change(within(form).getByLabelText('Phone'), { target: { value: '12345678' } });
    expect(within(form).queryAllByText('Required.')).toHaveLength(0);
    fireEvent.click(within(form).getByRole('button', { name: 'Send cancellation' }));

    const survey = await screen.findByTestId('unsubscribe-survey');
    expect((within(form).getByLabelText('Email') as HTMLInputElement).disabled).toBe(true);
    expect(within(form).queryByRole('button', { name: 'Send cancellation' })).toBeNull();
    expect(JSON.parse(server.requests.find((r) => r.url === '/api/unsubscribe/manual')?.body ?? '{}')).toEqual({ email: 'ole@husly.test', name: 'Ole Olsen', phone: '12345678' });

    fireEvent.click(within(survey).getByRole('button', { name: 'Skip' }));
    const receipt = await screen.findByTestId('manual-unsubscribe-receipt');
    expect(receipt.textContent).toContain('If the details match a profile with a running subscription');
    expect(receipt.textContent).toContain('9B2F4C1E');
  });

  it('sent twice before it redraws (double click, Enter), the request goes once', async () => {
    const server = await open('/afmelding', {
      'POST /api/unsubscribe/manual': { status: 201, body: { unsubscription: RECORD, receipt: { confirmationByMail: true } } },
    });
    const form = await screen.findByTestId('manual-unsubscribe-form');
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'ole@husly.test' } });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Ole Olsen' } });
    fireEvent.change(within(form).getByLabelText('Phone'), { target: { value: '12345678' } });
    clickTwice(within(form).getByRole('button', { name: 'Send cancellation' }));
    submitTwice(form);
    await screen.findByTestId('unsubscribe-survey');
    await server.requestsAnswered();
    expect(server.requests.filter((r) => r.url === '/api/unsubscribe/manual')).toHaveLength(1);
  });

  it('a throttled form says so', async () => {
    await open('/afmelding', { 'POST /api/unsubscribe/manual': { status: 429, body: { statusCode: 429, message: 'Too many' } } });
    const form = await screen.findByTestId('manual-unsubscribe-form');
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'ole@husly.test' } });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Ole Olsen' } });
    fireEvent.change(within(form).getByLabelText('Phone'), { target: { value: '12345678' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send cancellation' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Too many attempts. Please wait a while and try again.'));
  });
});

describe('/afmelding/bekraeft: the confirmation link', { timeout: 30_000 }, () => {
  it('cancels only on the button, and says when a link is not recognised', async () => {
    const server = await open('/afmelding/bekraeft?token=abc', {
      'POST /api/unsubscribe/confirm': [{ body: { cancelled: true, endingAt: '2026-12-26T10:00:00.000Z' } }],
    });
    const page = await screen.findByTestId('unsubscribe-confirm');
    expect(server.requests.filter((r) => r.url === '/api/unsubscribe/confirm')).toHaveLength(0);
    fireEvent.click(within(page).getByRole('button', { name: 'Yes, cancel my subscription' }));
    expect((await within(page).findByRole('status')).textContent).toBe('Your subscription is cancelled. You have access until 26/12/2026.');
    expect(JSON.parse(server.requests.find((r) => r.url === '/api/unsubscribe/confirm')?.body ?? '{}')).toEqual({ token: 'abc' });
  });

  it('the cancel pressed twice before it redraws is sent once', async () => {
    const server = await open('/afmelding/bekraeft?token=abc', { 'POST /api/unsubscribe/confirm': { body: { cancelled: true, endingAt: '2026-12-26T10:00:00.000Z' } } });
    const page = await screen.findByTestId('unsubscribe-confirm');
    const button = within(page).getByRole('button', { name: 'Yes, cancel my subscription' });
    clickTwice(button);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(await within(page).findByRole('status')).toBeTruthy();
    await server.requestsAnswered();
    expect(server.requests.filter((r) => r.url === '/api/unsubscribe/confirm')).toHaveLength(1);
  });

  it('without a token there is nothing to confirm', async () => {
    await open('/afmelding/bekraeft', {});
    const page = await screen.findByTestId('unsubscribe-confirm');
    expect(within(page).getByRole('alert').textContent).toBe('We could not recognize you verification token. Make sure you type in the full address.');
  });
});
