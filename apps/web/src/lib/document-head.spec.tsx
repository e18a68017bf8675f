import { afterEach, describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { applyDefaultHead, usePageTitle } from './document-head';
import { createTranslator } from './translator';
import { TranslatorProvider } from './use-translation';
import da from '../../public/locales/da/translation.json';
import en from '../../public/locales/en/translation.json';

function Page({ title }: { title?: string }) {
  usePageTitle(title);
  return null;
}

const renderPage = (title?: string) =>
  render(
    <TranslatorProvider translator={createTranslator('da', da)}>
      <Page title={title} />
    </TranslatorProvider>,
  );

describe('usePageTitle', () => {
  afterEach(() => {
    document.title = '';
  });

  it('adds " | Husly" to a title shorter than 45 characters', () => {
    renderPage('Alle byer');
    expect(document.title).toBe('Alle byer | Husly');
    const title44 = 'x'.repeat(44);
    renderPage(title44);
    expect(document.title).toBe(`${title44} | Husly`);
  });

  it('leaves a title of 45 characters or more as it is', () => {
    const title = 'Lejeboliger Aarhus - viser nu ledige lejligheder nær Aarhus';
    renderPage(title);
    expect(document.title).toBe(title);
    renderPage('y'.repeat(45));
    expect(document.title).toBe('y'.repeat(45));
  });

  it('shows the default title without a title, and restores the previous title on unmount', () => {
    document.title = 'Before';
    const { unmount } = renderPage();
    expect(document.title).toBe('Husly – ledige lejeboliger i hele Danmark');
    unmount();
    expect(document.title).toBe('Before');
  });
});

describe('applyDefaultHead', () => {
  it('sets <html lang>, the default title and description in the page language', () => {
    applyDefaultHead(document, createTranslator('en', en));
    expect(document.documentElement.lang).toBe('en');
    expect(document.title).toBe('Husly – vacant rental homes all over Denmark');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/^Find vacant rental homes/);
    applyDefaultHead(document, createTranslator('da', da));
    expect(document.documentElement.lang).toBe('da');
    expect(document.querySelectorAll('meta[name="description"]')).toHaveLength(1);
  });
});
