import { describe, expect, it } from 'vitest';
import { createTranslator } from './translator';
import { hostForLanguage, languageFromHost, languageSwitchHref, translationsUrl } from './i18n';
import da from '../../public/locales/da/translation.json';
import en from '../../public/locales/en/translation.json';

describe('languageFromHost', () => {
  it.each([
    ['en.husly.dk', 'en'],
    ['en.localhost:3000', 'en'],
    ['EN.husly.dk', 'en'],
    ['husly.dk', 'da'],
    ['www.husly.dk', 'da'],
    ['localhost:3000', 'da'],
    ['english.husly.dk', 'da'],
    ['', 'da'],
  ])('%s → %s', (host, language) => {
    expect(languageFromHost(host)).toBe(language);
  });
});

describe('hostForLanguage', () => {
  it.each([
    ['localhost:3000', 'en', 'en.localhost:3000'],
    ['en.localhost:3000', 'da', 'localhost:3000'],
    ['husly.dk', 'en', 'en.husly.dk'],
    ['www.husly.dk', 'en', 'en.husly.dk'],
    ['en.husly.dk', 'da', 'husly.dk'],
    ['en.husly.dk', 'en', 'en.husly.dk'],
    ['husly.dk', 'da', 'husly.dk'],
    ['localhost:4200', 'en', 'en.localhost:4200'],
  ] as const)('%s to %s → %s', (host, language, expected) => {
    expect(hostForLanguage(host, language)).toBe(expected);
  });

  it('round-trips', () => {
    expect(hostForLanguage(hostForLanguage('staging.husly.dk:8080', 'en'), 'da')).toBe('staging.husly.dk:8080');
  });
});

describe('languageSwitchHref', () => {
  it('keeps path and query and the scheme of the page', () => {
    expect(languageSwitchHref('localhost:3000', 'en', '/byer?x=1#top')).toBe('//en.localhost:3000/byer?x=1#top');
    expect(languageSwitchHref('en.husly.dk', 'da', '/search?q=aarhus')).toBe('//husly.dk/search?q=aarhus');
  });
});

describe('translations', () => {
  it('are fetched from the spec path', () => {
    expect(translationsUrl('da')).toBe('/locales/da/translation.json');
    expect(translationsUrl('en')).toBe('/locales/en/translation.json');
  });

  it('have the same keys in both languages', () => {
    const keys = (o: object, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        v && typeof v === 'object' ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
      );
    expect(keys(en).sort()).toEqual(keys(da).sort());
  });

  it('a translator translates synchronously, one instance per language', () => {
    const danish = createTranslator('da', da);
    const english = createTranslator('en', en);
    expect(danish.t('error.heading')).toBe('Øv! Noget gik galt.');
    expect(english.t('cities.heading')).toBe('Where do you want to live?');
    expect(danish.language).toBe('da');
    expect(danish.t('city.heading', { city: 'Århus & Co' })).toBe('Lejeboliger i Århus & Co');
  });
});
