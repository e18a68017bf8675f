// Direction codes that Danish postal names carry after the town ("Aarhus C", "København NV", "Odense SØ").
const TRAILING_DIRECTION = /\s+(?:C|K|M|N|S|V|Ø|NV|NØ|SV|SØ)$/u;
const LEADING_ZIP = /^\s*\d{4}\s+/u;

const TRANSLITERATION: Record<string, string> = { æ: 'ae', ø: 'oe', å: 'aa', ä: 'ae', ö: 'oe', ü: 'ue', é: 'e' };

/**
 * Spec section 5: strip a leading 4-digit zip and a trailing direction code, lowercase,
 * æ→ae, ø→oe, å→aa, every other non-alphanumeric character → hyphen.
 */
export function citySlug(name: string): string {
  // NFC first: text typed on macOS or iOS may spell å and é as a letter plus a combining mark.
  const withoutZip = name.normalize('NFC').trim().replace(LEADING_ZIP, '');
  const withoutDirection = withoutZip.replace(TRAILING_DIRECTION, '');
  return withoutDirection
    .toLowerCase()
    .replace(/[æøåäöüé]/gu, (c) => TRANSLITERATION[c] ?? c)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const SLUG_SHAPE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Longer than any city slug we could have: nothing to look up. */
const SLUG_MAX = 100;

/** Whether `value` could be a city slug at all (lowercase letters and digits joined by single hyphens). */
export function isCitySlug(value: string): boolean {
  return value.length <= SLUG_MAX && SLUG_SHAPE.test(value);
}
