import type { AreasResponse, CityName, CityNames } from '@husly/contracts';

export type LoadState<T> = { status: 'idle' } | { status: 'loading' } | { status: 'success'; data: T } | { status: 'error'; error: unknown };

/** The city names every page shows (header, footer, /byer, city pages). */
export type AreasState = LoadState<CityNames>;
/** The whole areas list, with the postal codes, districts and aliases place matching needs. */
export type PlacesState = LoadState<AreasResponse>;

const namesOfAreas = new WeakMap<AreasResponse, CityNames>();

/**
 * The names of an areas list: its active cities, in its order, each with only what a page shows
 * (docs/decisions/0023-lean-hydration.md). The same list gives the same object.
 */
export function cityNamesOf(areas: AreasResponse): CityNames {
  let names = namesOfAreas.get(areas);
  if (!names) {
    names = {
      data: areas.data
        .filter((city) => city.active)
        .map((city): CityName => ({ slug: city.slug, label: city.label, popularRank: city.popularRank, population: city.population })),
    };
    namesOfAreas.set(areas, names);
  }
  return names;
}

/**
 * The city list, in two parts (one store per browser session, one per server request):
 * - the names (load/getSnapshot): embedded in every server-rendered page, so no page waits for them;
 * - the places (loadPlaces/getPlacesSnapshot): the whole areas list with postal codes and aliases,
 *   GET /api/dwellings/areas once, when a place box is used or a loader must match a place.
 * Without embedded names (the SPA fallback) the names come from the places. A failed fetch is not
 * cached: the next load tries again.
 */
export interface AreasStore {
  load(): Promise<CityNames>;
  getSnapshot(): AreasState;
  loadPlaces(): Promise<AreasResponse>;
  getPlacesSnapshot(): PlacesState;
  subscribe(listener: () => void): () => void;
}

export interface AreasStoreInitial {
  /** The whole list, already fetched (the server render; tests). */
  areas?: AreasResponse;
  /** Only the names (what a server-rendered page embeds). */
  names?: CityNames;
}

export function createAreasStore(fetchAreas: () => Promise<AreasResponse>, initial: AreasStoreInitial = {}): AreasStore {
  const initialNames = initial.names ?? (initial.areas ? cityNamesOf(initial.areas) : undefined);
  let names: AreasState = initialNames ? { status: 'success', data: initialNames } : { status: 'idle' };
  let places: PlacesState = initial.areas ? { status: 'success', data: initial.areas } : { status: 'idle' };
  let pendingNames: Promise<CityNames> | null = initialNames ? Promise.resolve(initialNames) : null;
  let pendingPlaces: Promise<AreasResponse> | null = initial.areas ? Promise.resolve(initial.areas) : null;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };

  const loadPlaces = (): Promise<AreasResponse> => {
    if (pendingPlaces) return pendingPlaces;
    places = { status: 'loading' };
    notify();
    const request = fetchAreas().then(
      (data) => {
        places = { status: 'success', data };
        // The names, if still missing, come with the places (the SPA fallback).
        if (names.status !== 'success') {
          const fromPlaces = cityNamesOf(data);
          names = { status: 'success', data: fromPlaces };
          pendingNames = Promise.resolve(fromPlaces);
        }
        notify();
        return data;
      },
      (error: unknown) => {
        pendingPlaces = null;
        places = { status: 'error', error };
        notify();
        throw error;
      },
    );
    pendingPlaces = request;
    return request;
  };

  return {
    load() {
      if (pendingNames) return pendingNames;
      names = { status: 'loading' };
      notify();
      const request = loadPlaces().then(
        (data) => cityNamesOf(data),
        (error: unknown) => {
          pendingNames = null;
          names = { status: 'error', error };
          notify();
          throw error;
        },
      );
      pendingNames = request;
      return request;
    },
    getSnapshot: () => names,
    loadPlaces,
    getPlacesSnapshot: () => places,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
