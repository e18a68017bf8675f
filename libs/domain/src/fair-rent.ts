// The fair-rent hint on the detail page (issue 15): a dwelling's rent per m² against the median of
// our own vacant listings in the same city and size band, shown only with enough of them
// (docs/decisions/0013-search-filters-and-costs.md).
import { formatDkk } from './display';
import type { Language } from './constants';

export const FAIR_RENT = {
  /**
   * Size bands in m², lower bound included, upper excluded; the last is open. Narrow where most
   * dwellings are (rent per m² falls with size, so comparing 30 m² with 90 m² would mislead).
   */
  sizeBands: [0, 40, 60, 80, 100, 130] as readonly number[],
  /** Fewer vacant dwellings than this in the city and band: no hint (a median of a handful says little). */
  minComparables: 10,
  /** Within this many percent of the median, the rent is "typical". */
  typicalWithinPercent: 10,
} as const;

export interface SizeBand {
  /** m², included. */
  min: number;
  /** m², excluded; null = open-ended. */
  max: number | null;
}

/** The size band of a size; null when the size is unknown (-1, 0). */
export function sizeBandOf(size: number): SizeBand | null {
  if (!(size > 0)) return null;
  const bands = FAIR_RENT.sizeBands;
  for (let i = bands.length - 1; i >= 0; i--) {
    if (size >= bands[i]) return { min: bands[i], max: i + 1 < bands.length ? bands[i + 1] : null };
  }
  return null;
}

/** Rent per m² per month, or null when rent or size is unknown. */
export function rentPerM2(rent: number, size: number): number | null {
  return rent > 0 && size > 0 ? rent / size : null;
}

export type FairRentVerdict = 'below' | 'typical' | 'above';

export interface FairRentHint {
  verdict: FairRentVerdict;
  /** How far from the median, in whole percent (always ≥ 0; the verdict says which way). */
  percent: number;
  /** kr. per m² per month, rounded. */
  rentPerM2: number;
  medianPerM2: number;
  /** Vacant dwellings the median is taken over (the dwelling itself included when vacant). */
  comparables: number;
  band: SizeBand;
}

/** The comparables of a city and size band: how many, and the median of their rent per m². */
export interface FairRentComparables {
  count: number;
  medianPerM2: number | null;
}

/**
 * The hint, or null when there is nothing fair to say: rent or size unknown, fewer than
 * FAIR_RENT.minComparables comparables, or no median.
 */
export function fairRentHint(dwelling: { rent: number; size: number }, comparables: FairRentComparables): FairRentHint | null {
  const perM2 = rentPerM2(dwelling.rent, dwelling.size);
  const band = sizeBandOf(dwelling.size);
  const median = comparables.medianPerM2;
  if (perM2 === null || band === null || median === null || !(median > 0)) return null;
  if (comparables.count < FAIR_RENT.minComparables) return null;
  const difference = ((perM2 - median) / median) * 100;
  const percent = Math.round(Math.abs(difference));
  const verdict: FairRentVerdict =
    percent <= FAIR_RENT.typicalWithinPercent ? 'typical' : difference > 0 ? 'above' : 'below';
  return { verdict, percent, rentPerM2: Math.round(perM2), medianPerM2: Math.round(median), comparables: comparables.count, band };
}

/** "60–79 m²", "130 m² og derover" / "130 m² or more". */
export function formatSizeBand(band: SizeBand, lang: Language): string {
  if (band.max === null) return lang === 'da' ? `${band.min} m² og derover` : `${band.min} m² or more`;
  return `${band.min}–${band.max - 1} m²`;
}

/**
 * The hint's sentence. Careful wording: a comparison with asking rents of similar listings, not a
 * judgement of the legal rent (rent control is a matter for the huslejenævn).
 */
export function fairRentHintText(hint: FairRentHint, city: string, lang: Language): { headline: string; detail: string } {
  const band = formatSizeBand(hint.band, lang);
  const perM2 = `${formatDkk(hint.rentPerM2)}/m²`;
  const median = `${formatDkk(hint.medianPerM2)}/m²`;
  if (lang === 'da') {
    const headline =
      hint.verdict === 'typical'
        ? 'Huslejen ligger på niveau med lignende boliger'
        : `Huslejen ligger ${hint.percent} % ${hint.verdict === 'above' ? 'over' : 'under'} det typiske`;
    return {
      headline,
      detail: `${perM2} mod typisk ${median} (medianen) for ${hint.comparables} ledige boliger på ${band} i ${city} hos os. En sammenligning af udbudspriser, ikke en vurdering af lejens lovlighed.`,
    };
  }
  const headline =
    hint.verdict === 'typical'
      ? 'The rent is in line with similar dwellings'
      : `The rent is ${hint.percent}% ${hint.verdict === 'above' ? 'above' : 'below'} typical`;
  return {
    headline,
    detail: `${perM2} against a typical ${median} (the median) for ${hint.comparables} vacant dwellings of ${band} in ${city} on our site. A comparison of asking rents, not an assessment of whether the rent is lawful.`,
  };
}
