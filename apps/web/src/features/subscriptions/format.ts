import { formatDate, formatDkk } from '@husly/domain';

/** Whole DKK incl. VAT as the spec shows prices: "1.234 kr." (da-DK, no decimals). */
export const kr = (dkk: number) => formatDkk(dkk);

/** Receipt amounts are øre: "3,80 kr." (the VAT part of 19 kr. has decimals). */
export function krFromOre(ore: number): string {
  const sign = ore < 0 ? '-' : '';
  const abs = Math.abs(ore);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${whole},${String(abs % 100).padStart(2, '0')} kr.`;
}

/**
 * An øre amount in whole DKK as the spec shows money (section 9: DKK, no decimals): "19 kr.". Every
 * charge is a whole-DKK price; an amount with øre keeps them rather than be rounded into a lie.
 */
export const krWhole = (ore: number) => (ore % 100 === 0 ? formatDkk(ore / 100) : krFromOre(ore));

/** DD/MM/YYYY in Danish time (section 9), '' for none. */
export const day = (iso: string | null | undefined) => (iso ? formatDate(iso) : '');

/** Section 2: the page forces https except on localhost. The URL to go to, or null to stay. */
export function httpsRedirect(location: { protocol: string; hostname: string; host: string; pathname: string; search: string }): string | null {
  if (location.protocol !== 'http:') return null;
  if (['localhost', '127.0.0.1', '[::1]', '::1'].includes(location.hostname) || location.hostname.endsWith('.localhost')) return null;
  return `https://${location.host}${location.pathname}${location.search}`;
}
