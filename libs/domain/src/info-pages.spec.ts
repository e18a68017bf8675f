import { describe, expect, it } from 'vitest';
import { INFO_PAGES, infoPath } from './info-pages';

describe('the information pages table', () => {
  it("holds the spec's pages (section 2) at their addresses, in the footer's order", () => {
    expect(INFO_PAGES.map(infoPath)).toEqual([
      '/info/contact',
      '/info/about',
      '/info/faq',
      '/info/partners',
      '/info/terms',
      '/info/afmelding',
      '/info/klagemulighed',
      '/info/raad-om-boligsoegning',
    ]);
  });
});
