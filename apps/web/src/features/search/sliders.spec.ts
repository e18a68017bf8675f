import { describe, expect, it } from 'vitest';
import { SEARCH_SLIDERS, searchAreaFromCorners, writeSearchArea } from '@husly/domain';
import { createTranslator } from '../../lib/translator';
import { parseSearchUrl, searchHref } from './search-params';
import { sliderValueText } from './sliders';
import da from '../../../public/locales/da/translation.json';
import en from '../../../public/locales/en/translation.json';

describe('sliderValueText', () => {
  const tDa = createTranslator('da', da).t;
  const tEn = createTranslator('en', en).t;

  it('shows "Alle"/"Any" at each slider\'s default end (max rent at the top, rooms and size at the bottom)', () => {
    expect(SEARCH_SLIDERS.rent.default).toBe(SEARCH_SLIDERS.rent.max);
    expect(SEARCH_SLIDERS.rooms.default).toBe(SEARCH_SLIDERS.rooms.min);
    expect(SEARCH_SLIDERS.size.default).toBe(SEARCH_SLIDERS.size.min);
    for (const name of ['rent', 'rooms', 'size'] as const) {
      expect(sliderValueText(name, SEARCH_SLIDERS[name].default, tDa)).toBe('Alle');
      expect(sliderValueText(name, SEARCH_SLIDERS[name].default, tEn)).toBe('Any');
    }
  });

  it('shows the value away from the default end', () => {
    expect(sliderValueText('rent', 8000, tDa)).toBe('8.000 kr.');
    expect(sliderValueText('rent', SEARCH_SLIDERS.rent.min, tDa)).toBe('1.000 kr.');
    expect(sliderValueText('rooms', 3, tDa)).toBe('3 vær.');
    expect(sliderValueText('rooms', 3, tEn)).toBe('3 rooms');
    expect(sliderValueText('size', 140, tEn)).toBe('140 m²');
  });
});

describe('search URL', () => {
  it('leaves sliders at their default out of the link', () => {
    expect(searchHref({ q: 'Aarhus C', rent: 14000, rooms: 1, size: 10, start: 0 })).toBe('/search?q=Aarhus+C');
    expect(searchHref({ q: 'Aarhus', rent: 8000, rooms: 2, size: 50, start: 150 })).toBe('/search?q=Aarhus&rent=8000&rooms=2&size=50&start=150');
  });

  it('reads q (trimmed, at least two characters) and the filters that are set', () => {
    expect(parseSearchUrl(new URLSearchParams('q=%20aarhus%20&rent=8000&rooms=1&size=abc'), 'da')).toEqual({
      kind: 'search',
      params: { q: 'aarhus', rent: 8000 },
    });
    expect(parseSearchUrl(new URLSearchParams('q=a'), 'da')).toEqual({ kind: 'too-short', message: 'Søgeord skal indeholde mere end to tegn' });
    expect(parseSearchUrl(new URLSearchParams(''), 'da')).toEqual({ kind: 'empty' });
  });

  it('a drawn area without q is a search of the area alone (q ""), written back without q; a bad area alone is no search', () => {
    const ring = searchAreaFromCorners([
      [56.14, 10.18],
      [56.14, 10.24],
      [56.18, 10.24],
    ]);
    const area = writeSearchArea(ring);
    const parsed = parseSearchUrl(new URLSearchParams({ area, rent: '7000', view: 'map' }), 'da');
    expect(parsed).toEqual({ kind: 'search', params: { q: '', area: ring, rent: 7000 } });
    if (parsed.kind !== 'search') throw new Error('no search');
    expect(searchHref(parsed.params)).toBe(`/search?${new URLSearchParams({ rent: '7000', area })}`);
    expect(parseSearchUrl(new URLSearchParams({ area: 'abc' }), 'da')).toEqual({ kind: 'empty' });
    expect(parseSearchUrl(new URLSearchParams({ q: ' ', area }), 'da')).toMatchObject({ kind: 'search', params: { q: '' } });
  });
});
