// Which city a search names, and which cities a half-typed name may mean (spec section 5: the search
// field takes a city, a postal code or a postal name). One index per city list, built once, serves the
// API's search and the web's suggestion box. Matching is in memory, by keys and by comparing letters:
// the user's text never becomes a pattern (issue 12 §3), so "%%", "%\" or "_" name no city.
// The rules: docs/decisions/0018-place-matching.md.
import { CITIES } from './constants';
import { canonicalPlaceText, editDistance, foldPlaceText, looseOf, PLACE_INPUT_MAX, placeKey, startsLikePlace } from './place-text';

/** A city as the search matches it: `slug` and `label` are its own keys; `population` ranks suggestions. */
export interface MatchableCity {
  id: number | string;
  slug: string;
  label: string;
  /** Inactive cities are matched (the API then lists nothing) but never suggested. */
  active?: boolean;
  population?: number | null;
}

export interface PlaceSources<C extends MatchableCity> {
  cities: readonly C[];
  /** Aliases (a zip, a postal name, an older spelling) of a city. */
  aliases: ReadonlyArray<{ alias: string; cityId: MatchableCity['id'] }>;
  /** Postal codes of a city with their postal name ("8000", "Aarhus C"). */
  postalCodes?: ReadonlyArray<{ zip: string; name: string; cityId: MatchableCity['id'] }>;
}

/**
 * Common ways of writing a place that are no spelling of its name (a curated list: every entry is
 * a whole word; the value is folded text). "Kbh NV" → "københavn nv".
 */
export const PLACE_ABBREVIATIONS: Readonly<Record<string, string>> = {
  kbh: 'københavn',
  kbhvn: 'københavn',
  cph: 'københavn',
  copenhagen: 'københavn',
  elsinore: 'helsingør',
  frb: 'frederiksberg',
  kgs: 'kongens',
  nr: 'nørre',
  sdr: 'sønder',
};

/** Postal districts after a town's name ("Aarhus C", "København NV", "Odense SØ"), as canonical text. */
const DISTRICT_CODES = new Set(['c', 'k', 'm', 'n', 's', 'v', 'ø', 'nv', 'nø', 'sv', 'sø']);

/** What place names are written with: letters, digits, spaces and . , ' ’ ( ) / - */
const PLACE_CHARACTERS = /^[\p{L}\p{M}\p{N}\s.,'’()/-]*$/u;

/** A one-edit typo is forgiven only in names at least this long (shorter ones are too alike). */
export const PLACE_TYPO_MIN_LENGTH = 5;

type NameKind = 'label' | 'slug' | 'alias' | 'postal';

/** A name of a city as suggestions and typos compare it. */
interface PlaceName<C> {
  city: C;
  kind: NameKind;
  /** What to show when this name is what matched ("København NV", "2400 København NV"). */
  shown: string;
  /** Canonical letters (æ, ø, å), words separated by one space. */
  canonical: string;
  /** placeKey of the name. */
  loose: string;
}

export interface PlaceIndex<C extends MatchableCity> {
  /** Trimmed, lower-cased text → city: the old exact keys, checked first (the common case is one lookup). */
  readonly exact: ReadonlyMap<string, C>;
  /** placeKey → city. */
  readonly loose: ReadonlyMap<string, C>;
  readonly zips: ReadonlyMap<string, { city: C; name: string }>;
  readonly bySlug: ReadonlyMap<string, C>;
  /** Names (not postal codes), for prefixes and typos; one per city and spelling. */
  readonly names: ReadonlyArray<PlaceName<C>>;
}

/** How a query named its city. */
export type PlaceMatchKind = 'exact' | 'spelling' | 'postcode' | 'abbreviation' | 'district' | 'typo';

export interface PlaceMatch<C> {
  city: C;
  kind: PlaceMatchKind;
}

/** How a text is compared exactly: trimmed, lower case, inner whitespace as one space. */
export function placeText(value: string): string {
  return value.normalize('NFC').trim().toLowerCase().replace(/\s+/g, ' ');
}

/**
 * Every key of every city. Later sets win: postal codes and names, aliases, labels, then slugs (a
 * slug is the most exact match). Build it once per city list.
 */
export function buildPlaceIndex<C extends MatchableCity>(sources: PlaceSources<C>): PlaceIndex<C> {
  const byId = new Map<MatchableCity['id'], C>(sources.cities.map((c) => [c.id, c]));
  const exact = new Map<string, C>();
  const loose = new Map<string, C>();
  const zips = new Map<string, { city: C; name: string }>();

  const pending: Array<{ city: C; kind: NameKind; raw: string; shown: string }> = [];
  // Later keys win in `loose`, as in `exact`.
  const addName = (city: C, kind: NameKind, raw: string, shown: string) => {
    const key = placeKey(raw);
    if (key === '' || /^[\d ]+$/.test(key)) return;
    loose.set(key, city);
    pending.push({ city, kind, raw, shown });
  };
  const postalNames = new Map<string, string>();
  for (const p of sources.postalCodes ?? []) postalNames.set(placeText(p.name), p.name);

  for (const p of sources.postalCodes ?? []) {
    const city = byId.get(p.cityId);
    if (!city) continue;
    exact.set(p.zip, city);
    if (p.name.trim() !== '') exact.set(placeText(p.name), city);
    zips.set(p.zip, { city, name: p.name });
    addName(city, 'postal', p.name, p.name);
  }
  for (const a of sources.aliases) {
    const city = byId.get(a.cityId);
    const text = placeText(a.alias);
    if (!city || text === '') continue;
    exact.set(text, city);
    if (/^\d{4}$/.test(text)) {
      if (!zips.has(text)) zips.set(text, { city, name: city.label });
    } else {
      addName(city, 'alias', a.alias, postalNames.get(text) ?? placeDisplayName(text));
    }
  }
  for (const c of sources.cities) {
    exact.set(placeText(c.label), c);
    addName(c, 'label', c.label, c.label);
  }
  const bySlug = new Map<string, C>();
  for (const c of sources.cities) {
    exact.set(c.slug, c);
    bySlug.set(c.slug, c);
    addName(c, 'slug', c.slug, c.label);
  }

  // One name per city and spelling for suggestions and typos; a city's own label and slug first, so
  // an alias spelled like the label ("aarhus") does not hide it.
  const order: Record<NameKind, number> = { label: 0, slug: 1, postal: 2, alias: 3 };
  const names: PlaceName<C>[] = [];
  const seen = new Map<string, PlaceName<C>>();
  for (const n of pending.sort((a, b) => order[a.kind] - order[b.kind])) {
    const canonical = canonicalPlaceText(foldPlaceText(n.raw));
    const id = `${String(n.city.id)}\u0000${canonical}`;
    const known = seen.get(id);
    if (known) {
      // Show the name as written with æ/ø/å ("Ålbæk"), not its slug's spelling ("Aalbaek").
      if (!/[æøåÆØÅ]/.test(known.shown) && /[æøåÆØÅ]/.test(n.shown) && known.kind !== 'label') known.shown = n.shown;
      continue;
    }
    const name = { city: n.city, kind: n.kind, shown: n.shown, canonical, loose: looseOf(canonical) };
    seen.set(id, name);
    names.push(name);
  }
  return { exact, loose, zips, bySlug, names };
}

/**
 * An alias (stored in lower case) as it is written: words capitalised, district codes in capitals
 * ("københavn nv" → "København NV", "aakirkeby" → "Aakirkeby").
 */
export function placeDisplayName(alias: string): string {
  return alias
    .split(' ')
    .map((word) => (DISTRICT_CODES.has(word) ? word.toUpperCase() : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');
}

/** Folded text with the curated abbreviations written out ("kbh nv" → "københavn nv"). */
export function expandPlaceAbbreviations(folded: string): string {
  if (folded === '') return folded;
  return folded
    .split(' ')
    .map((word) => PLACE_ABBREVIATIONS[word] ?? word)
    .join(' ');
}

/**
 * The city a search query names, and how: the exact text (a slug, label, postal code, postal name or
 * alias); the same with æ/ø/å written or left out ("kobenhavn", "Århus", "Hellebaek"); a postal code
 * with or without its name ("2400 København NV"); an abbreviation ("Kbh", "Cph"); a town with a
 * district it has no postal name for ("Odense K"); and last, for names of at least five letters, one
 * typo (a letter wrong, missing, extra or two swapped: "odnese") when it leads to one city only.
 */
export function findPlace<C extends MatchableCity>(q: string, index: PlaceIndex<C>): PlaceMatch<C> | null {
  if (q.length > PLACE_INPUT_MAX * 4) return null;
  const hit = index.exact.get(placeText(q));
  if (hit) return { city: hit, kind: 'exact' };

  let folded = foldPlaceText(q);
  if (folded === '' || folded.length > PLACE_INPUT_MAX) return null;

  // A postal code first or last: it decides ("2400 København NV", "København NV 2400"); an unknown
  // one leaves the name to decide.
  const zipFirst = /^(\d{4})(?: (.+))?$/.exec(folded);
  const zipLast = zipFirst ? null : /^(.+) (\d{4})$/.exec(folded);
  const zip = zipFirst ? zipFirst[1] : zipLast?.[2];
  if (zip !== undefined) {
    const known = index.zips.get(zip);
    if (known) return { city: known.city, kind: 'postcode' };
    const name = zipFirst ? zipFirst[2] : zipLast?.[1];
    if (name === undefined || /\d/.test(name)) return null;
    folded = name;
  }
  // Text with symbols no place name has ("%", "_", "*", ";") is matched exactly or not at all.
  if (!PLACE_CHARACTERS.test(q)) return null;

  const spelled = looseOf(canonicalPlaceText(folded));
  const byKey = index.loose.get(spelled);
  if (byKey) return { city: byKey, kind: 'spelling' };

  const expanded = expandPlaceAbbreviations(folded);
  const written = looseOf(canonicalPlaceText(expanded));
  if (expanded !== folded) {
    const abbreviated = index.loose.get(written);
    if (abbreviated) return { city: abbreviated, kind: 'abbreviation' };
  }

  const withoutDistrict = stripDistrict(canonicalPlaceText(expanded));
  if (withoutDistrict !== null) {
    const town = index.loose.get(looseOf(withoutDistrict));
    if (town) return { city: town, kind: 'district' };
  }

  const typo = onlyCityWithin(written, index, 1);
  return typo ? { city: typo, kind: 'typo' } : null;
}

/** The city a search query names (see findPlace); null if none. */
export function matchPlace<C extends MatchableCity>(q: string, index: PlaceIndex<C>): C | null {
  return findPlace(q, index)?.city ?? null;
}

/** Canonical text without a trailing district code ("aarhus c" → "aarhus"); null when there is none. */
function stripDistrict(canonical: string): string | null {
  const space = canonical.lastIndexOf(' ');
  if (space <= 0 || !DISTRICT_CODES.has(canonical.slice(space + 1))) return null;
  return canonical.slice(0, space);
}

function letters(key: string): number {
  return key.replace(/ /g, '').length;
}

/** The one city with a name within `max` edits of `key`; null if none or several. */
function onlyCityWithin<C extends MatchableCity>(key: string, index: PlaceIndex<C>, max: number): C | null {
  if (letters(key) < PLACE_TYPO_MIN_LENGTH) return null;
  let found: C | null = null;
  for (const name of index.names) {
    if (Math.abs(name.loose.length - key.length) > max) continue;
    if (editDistance(name.loose, key, max) > max) continue;
    if (found !== null && found.id !== name.city.id) return null;
    found = name.city;
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// Suggestions

/** Why a city is suggested; lower ranks first. */
export const SuggestionTier = { LabelPrefix: 0, SlugPrefix: 1, WordStart: 2, PostcodeOrDistrict: 3, Typo: 4 } as const;
export type SuggestionTier = (typeof SuggestionTier)[keyof typeof SuggestionTier];

export interface PlaceSuggestion<C> {
  city: C;
  tier: SuggestionTier;
  /** The postal code or district that led to the city ("2400 København NV"); null when its own name did. */
  matched: string | null;
}

/**
 * Active cities a half-typed place may mean, at most `limit` (10): those whose label starts with it
 * (with æ/ø/å typed any of the usual ways, abbreviations written out), then whose slug does, then with
 * a later word that does ("lyngby" → Kongens Lyngby), then through a postal code or district
 * ("2400", "københavn nv"), then one typo away; within each, the most populous first.
 */
export function suggestPlaces<C extends MatchableCity>(query: string, index: PlaceIndex<C>, limit: number = CITIES.suggestionLimit): PlaceSuggestion<C>[] {
  const folded = foldPlaceText(query);
  if (folded === '' || folded.length > PLACE_INPUT_MAX || limit <= 0) return [];
  const best = new Map<C['id'], PlaceSuggestion<C>>();
  const consider = (city: C, tier: SuggestionTier, matched: string | null) => {
    if (city.active === false) return;
    const previous = best.get(city.id);
    if (!previous || tier < previous.tier) best.set(city.id, { city, tier, matched });
  };

  const zip = /^(\d{1,4})(?: .*)?$/.exec(folded);
  if (zip) {
    const digits = zip[1];
    const known = [...index.zips.entries()].filter(([z]) => z.startsWith(digits)).sort(([a], [b]) => a.localeCompare(b));
    for (const [z, { city, name }] of known) {
      const previous = best.get(city.id);
      if (!previous) consider(city, SuggestionTier.PostcodeOrDistrict, `${z} ${name}`);
    }
  } else {
    const typed = [...new Set([folded, expandPlaceAbbreviations(folded)])];
    const slugTyped = typed.map((t) => t.replace(/ /g, '-'));
    for (const name of index.names) {
      for (let v = 0; v < typed.length; v++) {
        const t = typed[v];
        if (name.kind === 'label' || name.kind === 'slug') {
          if (name.kind === 'label' && startsLikePlace(name.canonical, t)) consider(name.city, SuggestionTier.LabelPrefix, null);
          else if (name.kind === 'slug' && name.city.slug.startsWith(slugTyped[v])) consider(name.city, SuggestionTier.SlugPrefix, null);
          else if (startsAtLaterWord(name.canonical, t)) consider(name.city, SuggestionTier.WordStart, null);
        } else if (startsLikePlace(name.canonical, t)) {
          consider(name.city, SuggestionTier.PostcodeOrDistrict, name.loose === placeKey(name.city.label) ? null : name.shown);
        }
      }
    }
    const key = looseOf(canonicalPlaceText(expandPlaceAbbreviations(folded)));
    if (best.size < limit && letters(key) >= PLACE_TYPO_MIN_LENGTH) {
      for (const name of index.names) {
        if (!best.has(name.city.id) && editDistance(name.loose, key, 1) <= 1) consider(name.city, SuggestionTier.Typo, null);
      }
    }
  }
  return [...best.values()].sort(bySuggestionRank).slice(0, limit);
}

function startsAtLaterWord(canonical: string, typed: string): boolean {
  for (let i = canonical.indexOf(' '); i >= 0; i = canonical.indexOf(' ', i + 1)) {
    if (startsLikePlace(canonical.slice(i + 1), typed)) return true;
  }
  return false;
}

const danish = new Intl.Collator('da', { numeric: true });

function bySuggestionRank<C extends MatchableCity>(a: PlaceSuggestion<C>, b: PlaceSuggestion<C>): number {
  return a.tier - b.tier || (b.city.population ?? 0) - (a.city.population ?? 0) || danish.compare(a.city.label, b.city.label);
}

/**
 * The places to offer when a search names none (at most `limit`): the suggestions for the text if
 * there are any, else the active cities whose names are fewest edits away (at most 2, or 3 for long
 * names), the most populous first among equals. Empty for text that resembles no place.
 */
export function nearestPlaces<C extends MatchableCity>(query: string, index: PlaceIndex<C>, limit = 5): C[] {
  const suggested = suggestPlaces(query, index, limit);
  if (suggested.length > 0) return suggested.map((s) => s.city);
  const folded = foldPlaceText(query);
  if (folded === '' || folded.length > PLACE_INPUT_MAX || /\d/.test(folded) || !PLACE_CHARACTERS.test(query)) return [];
  const key = looseOf(canonicalPlaceText(expandPlaceAbbreviations(folded)));
  const max = letters(key) >= 8 ? 3 : letters(key) >= 3 ? 2 : 0;
  if (max === 0) return [];
  const distance = new Map<C['id'], { city: C; d: number }>();
  for (const name of index.names) {
    if (name.city.active === false) continue;
    const d = editDistance(name.loose, key, max);
    const previous = distance.get(name.city.id);
    if (d <= max && (!previous || d < previous.d)) distance.set(name.city.id, { city: name.city, d });
  }
  return [...distance.values()]
    .sort((a, b) => a.d - b.d || (b.city.population ?? 0) - (a.city.population ?? 0) || danish.compare(a.city.label, b.city.label))
    .slice(0, limit)
    .map((x) => x.city);
}
