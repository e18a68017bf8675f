import { describe, expect, it } from 'vitest';
import { createTranslator } from './translator';

// The five things the site used from i18next, which the translator keeps as they were: nested keys,
// `{{var}}`, `_one`/`_other` plurals, defaultValue and returnObjects (docs/decisions/0025).
const texts = {
  flat: 'Hej',
  nested: { deeper: { text: 'Dybt' } },
  greeting: 'Hej {{name}}, velkommen til {{ city }}',
  rooms_one: '{{count}} værelse',
  rooms_other: '{{count}} værelser',
  only: 'Uden flertal: {{count}}',
  benefits: ['Kontakt udlejere', 'Se alle billeder'],
  group: { a: 'A' },
  'dotted.key': 'Flad nøgle med punktum',
};

describe('createTranslator', () => {
  const { t, language } = createTranslator('da', texts);

  it('finds flat and nested keys, and a flat key holding a dot', () => {
    expect(language).toBe('da');
    expect(t('flat')).toBe('Hej');
    expect(t('nested.deeper.text')).toBe('Dybt');
    expect(t('dotted.key')).toBe('Flad nøgle med punktum');
  });

  it('fills variables, keeps one not given as written, and does not escape (React does)', () => {
    expect(t('greeting', { name: '<b>Ann</b>', city: 'Århus & Co' })).toBe('Hej <b>Ann</b>, velkommen til Århus & Co');
    expect(t('greeting', { name: 'Ann' })).toBe('Hej Ann, velkommen til {{ city }}');
    expect(t('greeting', { name: null, city: 0 })).toBe('Hej , velkommen til 0');
  });

  it('picks the plural form by the language rules', () => {
    expect(t('rooms', { count: 1 })).toBe('1 værelse');
    expect(t('rooms', { count: 0 })).toBe('0 værelser');
    expect(t('rooms', { count: 3 })).toBe('3 værelser');
    expect(t('only', { count: 2 })).toBe('Uden flertal: 2');
    expect(createTranslator('en', texts).t('rooms', { count: 1 })).toBe('1 værelse');
  });

  it('answers the key, or the default, for a missing key; objects only when asked for', () => {
    expect(t('missing.key')).toBe('missing.key');
    expect(t('missing', { defaultValue: 'lejlighed {{x}}', x: 2 })).toBe('lejlighed 2');
    expect(t('benefits', { returnObjects: true })).toEqual(['Kontakt udlejere', 'Se alle billeder']);
    expect(t('group')).toBe('group');
    expect(t('flat.toString')).toBe('flat.toString');
    expect(t('__proto__')).toBe('__proto__');
  });
});
