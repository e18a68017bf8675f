import { describe, expect, it } from 'vitest';
import { readSearchView, viewHidden, viewHref } from './search-view';

describe('the list/map view in the URL (issue 34)', () => {
  it.each([
    ['', 'list'],
    ['?q=aarhus', 'list'],
    ['?q=aarhus&view=map', 'map'],
    ['?view=list', 'list'],
    ['?view=MAP', 'list'],
    ['?view=satellite', 'list'],
  ] as const)('reads %s as the %s', (search, view) => {
    expect(readSearchView(new URLSearchParams(search))).toBe(view);
  });

  it('writes the map as view=map and the list as no view, keeping the rest of the query in its order', () => {
    expect(viewHref('/search', '?q=aarhus&rent=8000&start=150', 'map')).toBe('/search?q=aarhus&rent=8000&start=150&view=map');
    expect(viewHref('/search', '?q=aarhus&view=map&rent=8000', 'list')).toBe('/search?q=aarhus&rent=8000');
    expect(viewHref('/aarhus', '', 'map')).toBe('/aarhus?view=map');
    expect(viewHref('/aarhus', '?view=map', 'list')).toBe('/aarhus');
  });

  it.each(['?q=aarhus&area=abc&pets=1', '?rent=8000', ''])('round-trips %s through the map and back to the list', (search) => {
    const map = viewHref('/search', search, 'map');
    const mapQuery = map.slice(map.indexOf('?'));
    expect(readSearchView(new URLSearchParams(mapQuery))).toBe('map');
    const list = viewHref('/search', mapQuery, 'list');
    expect(list).toBe(`/search${search}`);
  });

  it('has the filter panel keep the map (and nothing for the list)', () => {
    expect(viewHidden('map')).toEqual({ view: 'map' });
    expect(viewHidden('list')).toEqual({});
  });
});
