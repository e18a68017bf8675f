import { describe, expect, it } from 'vitest';
import { AREAS_FIXTURE } from '../../test/areas-fixture';
import { activeCities, findCity, furtherCities, popularCities, splitIntoColumns } from './city-selectors';

const labels = (cities: { label: string }[]) => cities.map((c) => c.label);

describe('city selectors', () => {
  it('picks the five popular cities by popularRank', () => {
    expect(labels(popularCities(AREAS_FIXTURE.data))).toEqual(['København', 'Aarhus', 'Odense', 'Aalborg', 'Frederiksberg']);
  });

  it('lists further active cities, not the popular ones, alphabetically in Danish order', () => {
    // Esbjerg is popular but ranked 6th, so it is a "further" city; inactive Ølstykke is left out.
    expect(labels(furtherCities(AREAS_FIXTURE.data))).toEqual(['Esbjerg', 'Kolding', 'Næstved', 'Roskilde', 'Vejle']);
    expect(labels(furtherCities(AREAS_FIXTURE.data, 2))).toEqual(['Esbjerg', 'Vejle']);
  });

  it('sorts active cities with Aa-names as Å (Danish collation)', () => {
    const sorted = labels(activeCities(AREAS_FIXTURE.data));
    expect(sorted[0]).toBe('Esbjerg');
    expect(sorted.slice(-2)).toEqual(['Aalborg', 'Aarhus']);
    expect(sorted).not.toContain('Ølstykke');
  });

  it('splits into top-to-bottom columns', () => {
    expect(splitIntoColumns([1, 2, 3, 4, 5, 6, 7, 8, 9], 4)).toEqual([[1, 2, 3], [4, 5, 6], [7, 8, 9], []]);
    expect(splitIntoColumns([1, 2, 3, 4, 5], 4)).toEqual([[1, 2], [3, 4], [5], []]);
  });

  it('finds a city by slug or alias', () => {
    expect(findCity(AREAS_FIXTURE, 'aarhus')?.label).toBe('Aarhus');
    expect(findCity(AREAS_FIXTURE, 'Aarhus')?.slug).toBe('aarhus');
    expect(findCity(AREAS_FIXTURE, 'kobenhavn')?.slug).toBe('koebenhavn');
    expect(findCity(AREAS_FIXTURE, 'atlantis')).toBeUndefined();
  });
});
