// How place names are compared: the way Danes type them (docs/decisions/0018-place-matching.md).
// Pure string functions; place-match.ts builds its index from them.

/** Longer input than any place name (with zip and district) we know: not a place. */
export const PLACE_INPUT_MAX = 60;

const COMBINING_MARKS = /[\u0300-\u036f]/g;
/** ä and ö are the Swedish/German keyboard's æ and ø. */
const KEYBOARD_VARIANTS: Record<string, string> = { ä: 'æ', ö: 'ø' };

/**
 * Lower case, ä/ö as æ/ø, other accents dropped (é → e, ü → u), every run of anything but a–z, 0–9,
 * æ, ø, å one space, trimmed. "  Høje-Taastrup " → "høje taastrup", "Kbh." → "kbh".
 */
export function foldPlaceText(value: string): string {
  let out = '';
  for (const ch of value.normalize('NFC').toLowerCase()) {
    if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch === 'æ' || ch === 'ø' || ch === 'å') out += ch;
    else if (KEYBOARD_VARIANTS[ch]) out += KEYBOARD_VARIANTS[ch];
    else {
      // é → e + ◌́ → e; a letter without a Latin base (ß, ł) or punctuation becomes a space.
      const base = ch.normalize('NFD').replace(COMBINING_MARKS, '');
      out += /^[a-z]$/.test(base) ? base : ' ';
    }
  }
  return out.replace(/\s+/g, ' ').trim();
}

/**
 * The letters a name means: the old and the keyboard-less spellings aa, oe, ae read as å, ø, æ
 * ("aabenraa" → "åbenrå", "koebenhavn" → "københavn", "naestved" → "næstved").
 */
export function canonicalPlaceText(folded: string): string {
  return folded.replace(/aa/g, 'å').replace(/oe/g, 'ø').replace(/ae/g, 'æ');
}

/**
 * The key two spellings of one name share: canonical letters, then å as a and ø as o ("København",
 * "Koebenhavn", "kobenhavn" → "kobenhavn"; "Århus", "Aarhus", "arhus" → "arhus"). æ stays æ: "a"
 * for æ would make Værløse and Varløse one town.
 */
export function placeKey(value: string): string {
  return looseOf(canonicalPlaceText(foldPlaceText(value)));
}

/** å → a, ø → o on canonical text. */
export function looseOf(canonical: string): string {
  return canonical.replace(/å/g, 'a').replace(/ø/g, 'o');
}

/** What a canonical letter of a name may be typed as (tried longest first). */
const TYPED_AS: Record<string, readonly string[]> = {
  ø: ['ø', 'oe', 'o'],
  å: ['å', 'aa', 'a'],
  æ: ['æ', 'ae'],
};

/**
 * Whether `typed` (folded, as typed) spells the start of `name` (canonical): ø may be typed as ø,
 * oe or o, å as å, aa or a, æ as æ or ae, and the typed text may stop inside such a pair ("kø",
 * "koe", "ko" and "kob" all start "københavn"; "koe" does not start "kolding").
 */
export function startsLikePlace(name: string, typed: string): boolean {
  return spells(name, 0, typed, 0, false);
}

/** Whether `typed` spells all of `name` (canonical), by the same letters as startsLikePlace. */
export function spellsPlace(name: string, typed: string): boolean {
  return spells(name, 0, typed, 0, true);
}

function spells(name: string, i: number, typed: string, j: number, whole: boolean): boolean {
  while (j < typed.length) {
    if (i >= name.length) return false;
    const letter = name[i];
    const ways = TYPED_AS[letter];
    if (!ways) {
      if (typed[j] !== letter) return false;
      i++;
      j++;
      continue;
    }
    for (const way of ways) {
      const rest = typed.length - j;
      if (!whole && rest < way.length && way.startsWith(typed.slice(j))) return true;
      if (typed.startsWith(way, j) && spells(name, i + 1, typed, j + way.length, whole)) return true;
    }
    return false;
  }
  return !whole || i === name.length;
}

/**
 * Optimal-string-alignment distance (Levenshtein plus the swap of two neighbours: "odnese" is one
 * edit from "odense"), or `max + 1` as soon as it must exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const n = b.length;
  let before = new Array<number>(n + 1).fill(0);
  let previous = Array.from({ length: n + 1 }, (_, k) => k);
  let current = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let k = 1; k <= n; k++) {
      const cost = a[i - 1] === b[k - 1] ? 0 : 1;
      let d = Math.min(previous[k] + 1, current[k - 1] + 1, previous[k - 1] + cost);
      if (i > 1 && k > 1 && a[i - 1] === b[k - 2] && a[i - 2] === b[k - 1]) d = Math.min(d, before[k - 2] + 1);
      current[k] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return previous[n] <= max ? previous[n] : max + 1;
}
