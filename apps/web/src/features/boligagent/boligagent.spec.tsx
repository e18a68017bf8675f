import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AREAS_FIXTURE } from '../../test/areas-fixture';
import { startApiServer } from '../../test/api-server';
import { clickTwice, submitTwice } from '../../test/press-twice';
import { renderApp } from '../../test/render-app';
import { BoligagentSignupBlock } from './components/boligagent-signup-block';
import { BoligagentTokenPage, BoligagentUnsubscribePage } from './pages/boligagent-pages';
import { BoligagentNotificationLogger } from './components/boligagent-notification-logger';

const AGENT = {
  id: 7,
  email: 'a@husly.test',
  token: 'tok',
  verified: true,
  autoAdjust: false,
  frequency: 'daily',
  enabled: true,
  changeAlerts: true,
  language: 'da',
  prefs: [
    { id: 1, area: 'aarhus', areaLabel: 'Aarhus', rent: 6000, rooms: null, size: 50, status: 'active' },
    { id: 2, area: 'odense', areaLabel: 'Odense', rent: null, rooms: 2, size: null, status: 'inactive' },
  ],
  mapAreas: [],
};

describe('BoligagentSignupBlock', () => {
  const routes = () => [{ path: '/', element: <BoligagentSignupBlock area="aarhus" rent={7000} rooms={2} position="above" /> }];

  it('checks the email like the modal, then sends the search as prefs and says to check the inbox', async () => {
    const server = await startApiServer({ 'GET /api/dwellings/areas': { body: AREAS_FIXTURE }, 'POST /api/boligagents': { status: 201, body: { verificationSent: true } } });
    try {
      renderApp('/', { apiBaseUrl: `${server.origin}/api`, routes });
      expect(await screen.findByText('Få nye boliger i Aarhus på mail')).toBeTruthy();
      // The form is a chunk of its own: it may arrive after the heading.
      await userEvent.click(await screen.findByRole('button', { name: 'Opret BoligAgent' }));
      expect(await screen.findByText('Email-adresse er påkrævet')).toBeTruthy();
      await userEvent.type(screen.getByLabelText('Din email'), 'navn@domæne');
      await userEvent.click(screen.getByRole('button', { name: 'Opret BoligAgent' }));
      expect(await screen.findByText('Indtast venligst en gyldig email')).toBeTruthy();
      expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
      await userEvent.clear(screen.getByLabelText('Din email'));
      await userEvent.type(screen.getByLabelText('Din email'), 'ny@husly.test');
      await userEvent.click(screen.getByRole('button', { name: 'Opret BoligAgent' }));
      expect(await screen.findByText(/Tjek din indbakke!/)).toBeTruthy();
      const post = server.requests.find((r) => r.method === 'POST');
      expect(JSON.parse(post?.body ?? '{}')).toEqual({ email: 'ny@husly.test', prefs: [{ area: 'aarhus', rent: 7000, rooms: 2, size: null }] });
    } finally {
      await server.close();
    }
  });

  it('a signup pressed twice before it redraws creates one agent; the button says Opretter… meanwhile', async () => {
    const server = await startApiServer({ 'GET /api/dwellings/areas': { body: AREAS_FIXTURE }, 'POST /api/boligagents': { status: 201, body: { verificationSent: true } } });
    try {
      const { requestsAnswered } = renderApp('/', { apiBaseUrl: `${server.origin}/api`, routes });
      fireEvent.change(await screen.findByLabelText('Din email'), { target: { value: 'ny@husly.test' } });
      const button = screen.getByRole('button', { name: 'Opret BoligAgent' }) as HTMLButtonElement;
      clickTwice(button);
      submitTwice(button.form as HTMLFormElement);
      expect(button.disabled).toBe(true);
      expect(button.getAttribute('aria-busy')).toBe('true');
      expect(button.textContent).toBe('Opretter…');
      expect(await screen.findByText(/Tjek din indbakke!/)).toBeTruthy();
      await requestsAnswered();
      expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('a failed signup gives the button back', async () => {
    const server = await startApiServer({ 'GET /api/dwellings/areas': { body: AREAS_FIXTURE }, 'POST /api/boligagents': { status: 500, body: { statusCode: 500, message: 'x' } } });
    try {
      const { requestsAnswered } = renderApp('/', { apiBaseUrl: `${server.origin}/api`, routes });
      fireEvent.change(await screen.findByLabelText('Din email'), { target: { value: 'ny@husly.test' } });
      clickTwice(screen.getByRole('button', { name: 'Opret BoligAgent' }));
      expect(await screen.findByRole('alert')).toBeTruthy();
      const button = screen.getByRole('button', { name: 'Opret BoligAgent' }) as HTMLButtonElement;
      expect(button.disabled).toBe(false);
      expect(button.getAttribute('aria-busy')).toBeNull();
      await requestsAnswered();
      expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('answers email-in-use (406) with a congratulation and a login link', async () => {
    const server = await startApiServer({
      'GET /api/dwellings/areas': { body: AREAS_FIXTURE },
      'POST /api/boligagents': { status: 406, body: { statusCode: 406, code: 'email-in-use', message: 'The specified email address is already in use.' } },
    });
    try {
      renderApp('/', { apiBaseUrl: `${server.origin}/api`, routes });
      await userEvent.type(await screen.findByLabelText('Din email'), 'kendt@husly.test');
      await userEvent.click(screen.getByRole('button', { name: 'Opret BoligAgent' }));
      expect(await screen.findByText(/Tillykke – du har allerede en profil/)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Log ind' }).getAttribute('href')).toBe('/login?next=%2F');
    } finally {
      await server.close();
    }
  });
});

describe('the agent panel (/boligagent/{token})', () => {
  const routes = () => [{ path: '/boligagent/:token', element: <BoligagentTokenPage /> }];

  it('shows the rows with Ret/Slet on active and Aktivér on inactive ones; Aktivér calls PUT /pref', async () => {
    const server = await startApiServer({
      'GET /api/boligagents/tok': { body: AGENT },
      'PUT /api/boligagents/pref': { body: { ...AGENT, prefs: AGENT.prefs.map((p) => ({ ...p, status: 'active' })) } },
    });
    try {
      renderApp('/boligagent/tok', { apiBaseUrl: `${server.origin}/api`, routes });
      expect(await screen.findByText('max 6.000 kr.')).toBeTruthy();
      expect(screen.getAllByRole('button', { name: 'Ret' })).toHaveLength(1);
      expect(screen.getAllByRole('button', { name: 'Slet' })).toHaveLength(1);
      await userEvent.click(screen.getByRole('button', { name: 'Aktivér' }));
      expect(await screen.findByText('Gemt.')).toBeTruthy();
      expect(screen.getAllByRole('button', { name: 'Ret' })).toHaveLength(2);
      const put = server.requests.find((r) => r.method === 'PUT');
      expect(JSON.parse(put?.body ?? '{}')).toEqual({ token: 'tok', id: 7, area: 'odense' });
      expect(screen.queryByText('Tilpas automatisk min BoligAgent efter mine søgninger')).toBeNull();
      // Editing again: the last save's "Gemt." no longer speaks of what is on screen.
      await userEvent.click(screen.getAllByRole('button', { name: 'Ret' })[0]);
      expect(screen.queryByText('Gemt.')).toBeNull();
    } finally {
      await server.close();
    }
  });

  it('Aktivér, Slet and Gem pressed twice before they redraw each send one request', async () => {
    const server = await startApiServer({
      'GET /api/boligagents/tok': { body: AGENT },
      'PUT /api/boligagents/pref': { body: { ...AGENT, prefs: AGENT.prefs.map((p) => ({ ...p, status: 'active' })) } },
      'DELETE /api/boligagents/pref': { body: { ...AGENT, prefs: [{ ...AGENT.prefs[1], status: 'active' }] } },
      'PUT /api/boligagents': { body: { ...AGENT, prefs: [{ ...AGENT.prefs[1], status: 'active', rent: 5000 }] } },
    });
    try {
      const { requestsAnswered } = renderApp('/boligagent/tok', { apiBaseUrl: `${server.origin}/api`, routes });
      clickTwice(await screen.findByRole('button', { name: 'Aktivér' }));
      expect(await screen.findByText('Gemt.')).toBeTruthy();
      await requestsAnswered();
      expect(server.requests.filter((r) => r.method === 'PUT' && r.url === '/api/boligagents/pref')).toHaveLength(1);

      clickTwice(screen.getAllByRole('button', { name: 'Slet' })[0] as HTMLElement);
      await waitFor(() => expect(screen.getAllByRole('button', { name: 'Slet' })).toHaveLength(1));
      await requestsAnswered();
      expect(server.requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);

      fireEvent.click(screen.getByRole('button', { name: 'Ret' }));
      const save = screen.getByRole('button', { name: 'Gem' }) as HTMLButtonElement;
      submitTwice(save.form as HTMLFormElement);
      expect(await screen.findByText('max 5.000 kr.')).toBeTruthy();
      await requestsAnswered();
      expect(server.requests.filter((r) => r.method === 'PUT' && r.url === '/api/boligagents')).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('the change alerts checkbox switches them off with the settings call, sent once when clicked twice (issue 34)', async () => {
    const server = await startApiServer({
      'GET /api/boligagents/tok': { body: AGENT },
      'POST /api/boligagents/settings': { body: { ...AGENT, changeAlerts: false } },
    });
    try {
      const { requestsAnswered } = renderApp('/boligagent/tok', { apiBaseUrl: `${server.origin}/api`, routes });
      const box = (await screen.findByRole('checkbox', { name: /sætter huslejen ned eller bliver ledig igen/ })) as HTMLInputElement;
      expect(box.checked).toBe(true);
      clickTwice(box);
      await waitFor(() => expect(box.checked).toBe(false));
      await requestsAnswered();
      const posts = server.requests.filter((r) => r.method === 'POST' && r.url === '/api/boligagents/settings');
      expect(posts).toHaveLength(1);
      expect(JSON.parse(posts[0]?.body ?? '{}')).toEqual({ token: 'tok', id: 7, changeAlerts: false });
    } finally {
      await server.close();
    }
  });

  it('an unknown token: "We could not find your BoligAgent…" in Danish', async () => {
    const server = await startApiServer({});
    try {
      renderApp('/boligagent/ukendt', { apiBaseUrl: `${server.origin}/api`, routes });
      expect(await screen.findByText('Vi kunne ikke finde din BoligAgent. Sørg for at skrive hele adressen.')).toBeTruthy();
    } finally {
      await server.close();
    }
  });

  it('a failed change shows the nothing-to-update message', async () => {
    const server = await startApiServer({
      'GET /api/boligagents/tok': { body: AGENT },
      'PUT /api/boligagents': { status: 404, body: { statusCode: 404, code: 'nothing-to-update', message: 'x' } },
    });
    try {
      renderApp('/boligagent/tok', { apiBaseUrl: `${server.origin}/api`, routes });
      await userEvent.click(await screen.findByRole('button', { name: 'Ret' }));
      await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
      expect(await screen.findByText('Din boligagent er allerede opdateret med angivne områder')).toBeTruthy();
    } finally {
      await server.close();
    }
  });
});

describe('the unsubscribe page (/boligagent/afmeld/{token})', () => {
  const routes = () => [{ path: '/boligagent/afmeld/:token', element: <BoligagentUnsubscribePage /> }];

  it('with ?kun=aendringer it stops change mails only: POST change-alerts-off, not unsubscribe', async () => {
    const server = await startApiServer({ 'POST /api/boligagents/change-alerts-off/u1': { body: { changeAlerts: false } } });
    try {
      renderApp('/boligagent/afmeld/u1?kun=aendringer', { apiBaseUrl: `${server.origin}/api`, routes });
      expect(await screen.findByRole('heading', { name: 'Stop mails om ændringer' })).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: 'Ja, stop dem' }));
      expect(await screen.findByText(/Du får ikke flere mails om ændringer/)).toBeTruthy();
      expect(server.requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual(['/api/boligagents/change-alerts-off/u1']);
    } finally {
      await server.close();
    }
  });
});

describe('BoligagentNotificationLogger', () => {
  it('posts /api/notificationLog once for a page opened with ?user=', async () => {
    const server = await startApiServer({ 'POST /api/notificationLog': { status: 204 } });
    try {
      renderApp('/vis/12?user=7.abc&source=boligagent', {
        apiBaseUrl: `${server.origin}/api`,
        routes: () => [{ path: '/vis/:id', element: <BoligagentNotificationLogger /> }],
      });
      await expect.poll(() => server.requests.length).toBe(1);
      expect(JSON.parse(server.requests[0].body)).toEqual({ user: '7.abc', source: 'boligagent', type: 'click', dwellingId: 12 });
    } finally {
      await server.close();
    }
  });
});
