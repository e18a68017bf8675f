// The display rules of a dwelling's own page (spec section 5): pets and the rental period. Apart
// from display.ts, whose formatters every list card uses: these are for one page.
import type { Language } from './constants';
import { formatDate, UNKNOWN_TEXT } from './display';

const PETS_TEXT: Record<Language, { yes: string; no: string }> = {
  da: { yes: 'Ja', no: 'Nej' },
  en: { yes: 'Yes', no: 'No' },
};

/** Pets: 1 = yes, -1 = no, anything else unknown. */
export function formatPets(pets: number | null | undefined, lang: Language): string {
  if (pets === 1) return PETS_TEXT[lang].yes;
  if (pets === -1) return PETS_TEXT[lang].no;
  return UNKNOWN_TEXT[lang];
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/;
const MONTHS = /^(\d+)(?:\s*-\s*(\d+))?$/;

/**
 * Rental period. "12-24" → "1-2 år", "6" → "6 mdr.", "2027-03-01" → "til 01/03/2027".
 * A pair is shown in years only when both ends divide by 12, so "6-12" stays "6-12 mdr.".
 * Empty means unknown; anything unrecognised is shown as given rather than hidden.
 */
export function formatTimeframe(value: string | number | null | undefined, lang: Language): string {
  const raw = value === null || value === undefined ? '' : String(value).trim();
  if (raw === '') return UNKNOWN_TEXT[lang];

  const iso = ISO_DATE.exec(raw);
  if (iso) {
    const date = formatDate(`${iso[1]}-${iso[2]}-${iso[3]}`);
    if (date === '') return raw;
    return `${lang === 'da' ? 'til' : 'until'} ${date}`;
  }

  const months = MONTHS.exec(raw);
  if (!months) return raw;
  const from = Number(months[1]);
  const to = months[2] === undefined ? from : Number(months[2]);
  // "0" or "0-0": no minimum and no maximum, i.e. an unlimited lease.
  if (from === 0 && to === 0) return lang === 'da' ? 'Ubegrænset' : 'Unlimited';
  const inYears = from % 12 === 0 && to % 12 === 0 && from > 0;
  const [a, b] = inYears ? [from / 12, to / 12] : [from, to];
  const amount = a === b ? `${a}` : `${a}-${b}`;
  const plural = !(a === b && a === 1);
  if (inYears) return lang === 'da' ? `${amount} år` : `${amount} ${plural ? 'years' : 'year'}`;
  return lang === 'da' ? `${amount} ${plural ? 'mdr.' : 'md.'}` : `${amount} ${plural ? 'months' : 'month'}`;
}
