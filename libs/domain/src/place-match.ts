// Which city a search names (spec section 5: the search field takes a city, a postal code or a
// postal name). Matched in memory over the city list, by exact normalised keys: the user's text
// never becomes a pattern (issue 12 §3), so "%%", "%\" or "_" name no city.
import { citySlug } from './city-slug';

/** A city as the search matches it: `slug` and `label` are its own keys. */
export interface MatchableCity {
  id: number;
  slug: string;
  label: string;
}

export interface PlaceSources<C extends MatchableCity> {
  cities: readonly C[];
  /** Aliases (a zip, a postal name, an older spelling) of a city. */
  aliases: ReadonlyArray<{ alias: string; cityId: number }>;
  /** Postal codes of a city with their postal name ("8000", "Aarhus C"). */
  postalCodes?: ReadonlyArray<{ zip: string; name: string; cityId: number }>;
}

/** Normalised key → city: build it once per city list, match many times. */
export type PlaceIndex<C extends MatchableCity> = ReadonlyMap<string, C>;

const SLUG_SHAPE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Longer than any city slug we could have: nothing to look up. */
const SLUG_MAX = 100;

/** Whether `value` could be a city slug at all (lowercase letters and digits joined by single hyphens). */
export function isCitySlug(value: string): boolean {
  return value.length <= SLUG_MAX && SLUG_SHAPE.test(value);
}

/** How a text is compared: trimmed, lower case, inner whitespace as one space. */
export function placeText(value: string): string {
  return value.normalize('NFC').trim().toLowerCase().replace(/\s+/g, ' ');
}

/**
 * The lookup keys a search query may match, most specific first: the text itself (a zip "8000", a
 * postal name "aarhus c", a slug or a label), then its slug ("København Ø" → "koebenhavn",
 * "8000 Aarhus C" → "aarhus").
 */
export function placeKeys(q: string): string[] {
  const text = placeText(q);
  // Direction codes are matched in capitals ("Aarhus C"); typed in lower case ("aarhus c") they count too.
  const slug = citySlug(q.trim().replace(/\s(\S{1,2})$/u, (code) => code.toUpperCase()));
  return [...new Set([text, slug].filter((k) => k !== ''))];
}

/**
 * Every key of every city. Later sets win: postal codes and names, aliases, labels, then slugs (a
 * slug is the most exact match).
 */
export function buildPlaceIndex<C extends MatchableCity>(sources: PlaceSources<C>): PlaceIndex<C> {
  const byId = new Map(sources.cities.map((c) => [c.id, c]));
  const index = new Map<string, C>();
  const add = (key: string, cityId: number) => {
    const city = byId.get(cityId);
    if (city && key !== '') index.set(key, city);
  };
  for (const p of sources.postalCodes ?? []) {
    add(p.zip, p.cityId);
    add(placeText(p.name), p.cityId);
  }
  for (const a of sources.aliases) add(placeText(a.alias), a.cityId);
  for (const c of sources.cities) add(placeText(c.label), c.id);
  for (const c of sources.cities) add(c.slug, c.id);
  return index;
}

/** The city a search query names (slug, label, postal code, postal name or alias); null if none. */
export function matchPlace<C extends MatchableCity>(q: string, index: PlaceIndex<C>): C | null {
  for (const key of placeKeys(q)) {
    const hit = index.get(key);
    if (hit) return hit;
  }
  return null;
}
