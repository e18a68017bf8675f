import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SiteAlert } from '@husly/contracts';
import { AREAS_FIXTURE } from '../../test/areas-fixture';
import { renderApp } from '../../test/render-app';
import { DEFAULT_PUBLIC_SETTINGS } from '../../lib/public-settings';
import { ALERT_COUNTS_KEY } from './site-alerts';

const alert = (over: Partial<SiteAlert> = {}): SiteAlert => ({
  id: 1,
  headline: 'Pas på svindel',
  text: 'Betal aldrig depositum før du har set boligen.',
  link: '/info/faq',
  style: 'warning',
  multiline: false,
  views: 2,
  ...over,
});

const open = (alerts: SiteAlert[]) => renderApp('/byer', { areas: AREAS_FIXTURE, settings: { ...DEFAULT_PUBLIC_SETTINGS, alerts } });

describe('site alerts', () => {
  // The visitor has answered the cookie banner, which docks where the alerts do.
  beforeEach(() => {
    document.cookie = 'bn.consent=necessary; Path=/';
  });
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
    document.cookie = 'bn.consent=; Path=/; Max-Age=0';
  });

  it('wait while the cookie banner asks, and count no view meanwhile', async () => {
    document.cookie = 'bn.consent=; Path=/; Max-Age=0';
    open([alert()]);
    await screen.findByRole('region', { name: 'Cookies på Husly' });
    expect(screen.queryByRole('complementary', { name: 'Meddelelser' })).toBeNull();
    expect(window.localStorage.getItem(ALERT_COUNTS_KEY)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Kun nødvendige' }));
    expect((await screen.findByRole('complementary', { name: 'Meddelelser' })).textContent).toContain('Pas på svindel');
    expect(screen.queryByRole('region', { name: 'Cookies på Husly' })).toBeNull();
  });

  it('shows a published alert its views times (page loads), then not again', async () => {
    for (let load = 0; load < 2; load++) {
      open([alert()]);
      const notices = await screen.findByRole('complementary', { name: 'Meddelelser' });
      expect(notices.textContent).toContain('Pas på svindel');
      expect(screen.getByRole('link', { name: 'Læs mere' }).getAttribute('href')).toBe('/info/faq');
      cleanup();
    }
    open([alert()]);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('complementary', { name: 'Meddelelser' })).toBeNull();
    expect(JSON.parse(window.localStorage.getItem(ALERT_COUNTS_KEY) ?? '{}')).toEqual({ '1': 0 });
  });

  it('keeps a dismissed alert away on the next page load', async () => {
    open([alert({ views: 10 })]);
    await screen.findByText('Pas på svindel');
    await userEvent.click(screen.getByRole('button', { name: 'Luk besked' }));
    expect(screen.queryByText('Pas på svindel')).toBeNull();
    cleanup();
    open([alert({ views: 10 })]);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText('Pas på svindel')).toBeNull();
  });

  it('shows nothing when none are published', async () => {
    open([]);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('complementary', { name: 'Meddelelser' })).toBeNull();
    expect(window.localStorage.getItem(ALERT_COUNTS_KEY)).toBeNull();
  });
});
