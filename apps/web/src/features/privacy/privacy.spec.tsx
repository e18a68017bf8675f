import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readCookie } from '@husly/domain';
import { AREAS_FIXTURE } from '../../test/areas-fixture';
import { renderApp } from '../../test/render-app';
import { choose } from './consent-store';
import { rememberVisitorSearch } from './remembered-search';
import { rememberLanding } from './visitor-cookies';

const cookie = (name: string) => readCookie(document.cookie, name);

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0].trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
}

describe('cookie consent', () => {
  beforeEach(clearCookies);
  afterEach(() => {
    cleanup();
    clearCookies();
  });

  it('asks a new visitor with two equal buttons, and asks no more once answered', async () => {
    renderApp('/byer', { areas: AREAS_FIXTURE });
    const banner = await screen.findByRole('region', { name: 'Cookies på Husly' });
    const buttons = within(banner).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Kun nødvendige', 'Tillad alle']);
    expect(buttons[0].className).toBe(buttons[1].className);
    expect(within(banner).getByRole('link', { name: 'Læs om vores cookies' }).getAttribute('href')).toBe('/info/terms#cookies');
    await userEvent.click(buttons[0]);
    expect(screen.queryByRole('region', { name: 'Cookies på Husly' })).toBeNull();
    expect(cookie('bn.consent')).toBe('necessary');
    cleanup();
    renderApp('/byer', { areas: AREAS_FIXTURE });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Cookies på Husly' })).toBeNull();
  });

  it('writes the landing campaign, a visitor id and remembered searches only after "Tillad alle"', () => {
    rememberLanding('?utm_source=google&utm_campaign=vinter');
    rememberVisitorSearch({ area: 'aarhus', rent: 8000 });
    expect([cookie('bn.utm'), cookie('bn.visitor'), cookie('bn.prf')]).toEqual([undefined, undefined, undefined]);

    choose('all');
    expect(JSON.parse(cookie('bn.utm')!)).toEqual({ source: 'google', campaign: 'vinter' });
    expect(cookie('bn.visitor')).toMatch(/^[0-9a-f-]{36}$/);
    rememberVisitorSearch({ area: 'aarhus', rent: 8000 });
    rememberVisitorSearch({ area: 'odense', rooms: 2 });
    expect(JSON.parse(cookie('bn.prf')!)).toEqual([{ area: 'odense', rooms: 2 }, { area: 'aarhus', rent: 8000 }]);
  });

  it('"Kun nødvendige" later removes what "Tillad alle" let us write, and writes no more', () => {
    choose('all');
    rememberLanding('?utm_source=google');
    rememberVisitorSearch({ area: 'aarhus' });
    expect(cookie('bn.utm')).toBeDefined();
    choose('necessary');
    expect([cookie('bn.utm'), cookie('bn.visitor'), cookie('bn.prf')]).toEqual([undefined, undefined, undefined]);
    expect(cookie('bn.consent')).toBe('necessary');
    rememberLanding('?utm_source=facebook');
    rememberVisitorSearch({ area: 'odense' });
    expect([cookie('bn.utm'), cookie('bn.prf')]).toEqual([undefined, undefined]);
  });

  it('keeps no searches for a logged-in user: their boligagent gets them from the account', () => {
    choose('all');
    document.cookie = 'token=abc; Path=/';
    rememberVisitorSearch({ area: 'aarhus' });
    expect(cookie('bn.prf')).toBeUndefined();
  });

  it('the footer reopens the choice, and the terms page lists every cookie', async () => {
    choose('necessary');
    renderApp('/info/terms', { areas: AREAS_FIXTURE });
    const section = await screen.findByRole('region', { name: 'Cookies' });
    for (const name of ['token', 'bn.consent', 'bn.prf', 'bn.utm', 'bn.visitor']) expect(within(section).getByText(name)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Cookies på Husly' })).toBeNull();
    await userEvent.click(within(screen.getByRole('contentinfo')).getByRole('button', { name: 'Cookie-indstillinger' }));
    expect(await screen.findByRole('region', { name: 'Cookies på Husly' })).toBeTruthy();
  });
});
