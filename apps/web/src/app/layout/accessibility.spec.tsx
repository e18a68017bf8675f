import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link } from 'react-router';
import { AREAS_FIXTURE } from '../../test/areas-fixture';
import { renderApp } from '../../test/render-app';
import type { Translations } from '../../lib/i18n';
import da from '../../../public/locales/da/translation.json';
import en from '../../../public/locales/en/translation.json';
import { BoligagentSignupBlock } from '../../features/boligagent/components/boligagent-signup-block';
import { BoligagentSignupModal } from '../../features/boligagent/components/boligagent-signup-modal';
import { HeroSearch } from '../../features/search/components/hero-search';
import { ImageCarousel } from '../../features/dwellings/components/image-carousel';
import { createRoutes } from '../routes';

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

/** One page in the real providers (no layout), at /. */
function renderPage(element: React.ReactNode) {
  return renderApp('/', { areas: AREAS_FIXTURE, routes: () => [{ path: '/', element }] });
}

describe('the language button', () => {
  it.each<{ host: string; translations: Translations; code: string; name: string }>([
    { host: 'localhost:3000', translations: da, code: 'DA', name: 'Sprog: DA (Dansk)' },
    { host: 'en.localhost:3000', translations: en, code: 'EN', name: 'Language: EN (English)' },
  ])('on $host: its accessible name contains the visible $code (WCAG 2.5.3)', async ({ host, translations, code, name }) => {
    renderApp('/byer', { areas: AREAS_FIXTURE, host, translations });
    const banner = await screen.findByRole('banner');
    const summary = [...banner.querySelectorAll('summary')].find((s) => s.textContent?.trim() === code);
    expect(summary?.getAttribute('aria-label')).toBe(name);
    expect(summary?.getAttribute('aria-label')).toContain(summary?.textContent?.trim());
  });
});

describe('landmarks and ids', () => {
  it('the header search and the page search are two search landmarks with different names', async () => {
    // A page with the hero search (the front page's and /search's) inside the real layout.
    renderApp('/hero', {
      areas: AREAS_FIXTURE,
      routes: ({ areas, api }) => {
        const table = createRoutes({ areas, api });
        table[0]!.children![0]!.children!.unshift({ path: 'hero', element: <HeroSearch /> });
        return table;
      },
    });
    await screen.findByRole('banner');
    const searches = await screen.findAllByRole('search');
    expect(searches.length).toBe(2);
    const names = searches.map((s) => s.getAttribute('aria-label'));
    expect(names).toEqual(['Hurtigsøgning', 'Boligsøgning']);
  });

  it('two boligagent blocks on a page have ids of their own, each label tied to its own input', async () => {
    const { container } = renderPage(
      <>
        <BoligagentSignupBlock area="aarhus" position="above" />
        <BoligagentSignupBlock area="aarhus" position="below" />
      </>,
    );
    // The forms' code loads on its own (an island).
    const inputs = await screen.findAllByLabelText('Din email');
    const ids = [...container.querySelectorAll('[id]')].map((el) => el.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(inputs.length).toBe(2);
    expect(inputs[0]).not.toBe(inputs[1]);
  });
});

describe('the image carousel', () => {
  const images = ['/a.jpg', '/b.jpg', '/c.jpg'];

  it('takes focus, moves with the arrow keys (wrapping), Home and End, and announces the position', async () => {
    renderPage(<ImageCarousel images={images} headline="Lejlighed i Aarhus" />);
    const strip = screen.getByRole('group', { name: 'Billeder af boligen – bladr med piletasterne' });
    const position = screen.getByTestId('carousel-position');
    expect(position.getAttribute('aria-live')).toBe('polite');
    expect(position.textContent).toBe('Billede 1 af 3');

    await userEvent.tab();
    expect(document.activeElement).toBe(strip);
    await userEvent.keyboard('{ArrowRight}');
    expect(position.textContent).toBe('Billede 2 af 3');
    await userEvent.keyboard('{End}');
    expect(position.textContent).toBe('Billede 3 af 3');
    await userEvent.keyboard('{ArrowRight}');
    expect(position.textContent).toBe('Billede 1 af 3');
    await userEvent.keyboard('{ArrowLeft}');
    expect(position.textContent).toBe('Billede 3 af 3');
    await userEvent.keyboard('{Home}');
    expect(position.textContent).toBe('Billede 1 af 3');
  });

  it('has named previous and next buttons that never turn disabled under the focus', async () => {
    renderPage(<ImageCarousel images={images} headline="Lejlighed i Aarhus" />);
    const previous = screen.getByRole('button', { name: 'Forrige billede' });
    const next = screen.getByRole('button', { name: 'Næste billede' });
    previous.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('carousel-position').textContent).toBe('Billede 3 af 3');
    expect(previous.hasAttribute('disabled')).toBe(false);
    expect(document.activeElement).toBe(previous);
    await userEvent.click(next);
    expect(screen.getByTestId('carousel-position').textContent).toBe('Billede 1 af 3');
  });
});

describe('the boligagent dialog', () => {
  function Opener() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Åbn
        </button>
        <a href="#behind">Bagved</a>
        {open && <BoligagentSignupModal area="aarhus" label="Aarhus" onClose={() => setOpen(false)} />}
      </>
    );
  }

  it('takes focus, keeps Tab and Shift+Tab inside, closes on Escape and gives focus back', async () => {
    renderPage(<Opener />);
    const opener = screen.getByRole('button', { name: 'Åbn' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Få nye boliger i Aarhus på mail' });
    expect(document.activeElement).toBe(dialog);

    const close = within(dialog).getByRole('button', { name: 'Luk' });
    const submit = within(dialog).getByRole('button', { name: 'Opret BoligAgent' });
    // Forwards from the last element wraps to the first, backwards from the first to the last.
    for (let i = 0; i < 6; i++) {
      await userEvent.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    submit.focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(close);
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(submit);

    // Focus that lands behind the dialog comes back into it.
    screen.getByRole('link', { name: 'Bagved' }).focus();
    expect(dialog.contains(document.activeElement)).toBe(true);

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('the close button also gives focus back', async () => {
    renderPage(<Opener />);
    const opener = screen.getByRole('button', { name: 'Åbn' });
    await userEvent.click(opener);
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Luk' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

/** A page that shows a busy heading until release() is called, then its own (as the results do). */
let release: () => void = () => undefined;
function SlowPage() {
  const [loaded, setLoaded] = useState(false);
  release = () => act(() => setLoaded(true));
  // Keyed: a new element, as a Suspense fallback's heading is replaced by the loaded page's.
  return loaded ? <h1 key="loaded">Side C</h1> : <h1 key="busy" aria-busy="true">Henter…</h1>;
}

describe('focus after navigation', () => {
  function appWithPages() {
    return renderApp('/a', {
      areas: AREAS_FIXTURE,
      routes: ({ areas, api }) => {
        const table = createRoutes({ areas, api });
        // Inside the real root layout, as the fragile page of root-layout.spec.tsx is.
        table[0]!.children![0]!.children!.unshift(
          {
            path: 'a',
            element: (
              <>
                <h1>Side A</h1>
                <Link to="/b">Til B</Link>
                <Link to="/c">Til C</Link>
                <Link to="/a?sort=new">Sorter</Link>
              </>
            ),
          },
          { path: 'b', element: <h1>Side B</h1> },
          { path: 'c', element: <SlowPage /> },
        );
        return table;
      },
    });
  }

  it('moves to the new page’s h1 after a client-side navigation, but not on the first load', async () => {
    appWithPages();
    const first = await screen.findByRole('heading', { level: 1, name: 'Side A' });
    expect(document.activeElement).not.toBe(first);
    expect(first.hasAttribute('tabindex')).toBe(false);

    await userEvent.click(screen.getByRole('link', { name: 'Til B' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Side B' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    // Focusable by script only: not a tab stop.
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('follows a busy heading to the one that replaces it (the results arriving after "Henter…")', async () => {
    appWithPages();
    await screen.findByRole('heading', { level: 1, name: 'Side A' });
    await userEvent.click(screen.getByRole('link', { name: 'Til C' }));
    const busy = await screen.findByRole('heading', { level: 1, name: 'Henter…' });
    await waitFor(() => expect(document.activeElement).toBe(busy));
    release();
    const loaded = await screen.findByRole('heading', { level: 1, name: 'Side C' });
    await waitFor(() => expect(document.activeElement).toBe(loaded));
  });

  it('stays where it is when only the query changes (a filter being moved)', async () => {
    appWithPages();
    await screen.findByRole('heading', { level: 1, name: 'Side A' });
    const sort = screen.getByRole('link', { name: 'Sorter' });
    sort.focus();
    fireEvent.click(sort);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Side A' })).toBeTruthy());
    expect(document.activeElement).not.toBe(screen.getByRole('heading', { level: 1, name: 'Side A' }));
  });
});
