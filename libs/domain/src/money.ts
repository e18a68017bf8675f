// Prices and VAT. Amounts are whole øre (1 DKK = 100 øre) so sums never meet floating point;
// prices shown to users are whole kroner (section 9: DKK, no decimals).
import { ORDER, VAT } from './constants';
import { formatDkk } from './display';

function assertOre(amount: number, name = 'amount'): void {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`${name} must be a whole number of øre, got ${amount}`);
}

export function dkkToOre(dkk: number): number {
  return Math.round(dkk * 100);
}

export function oreToDkk(ore: number): number {
  assertOre(ore);
  return ore / 100;
}

/**
 * The VAT included in a gross price: 25 % of the net is 20 % of the gross (25/125), rounded to
 * whole øre (half away from zero).
 */
export function vatOf(grossOre: number): number {
  assertOre(grossOre, 'grossOre');
  const vat = Math.round(Math.abs(grossOre) * VAT.ratePercent / (100 + VAT.ratePercent));
  return grossOre < 0 ? -vat : vat;
}

/** Gross minus its VAT, so net + VAT is always exactly the gross. */
export function netOf(grossOre: number): number {
  return grossOre - vatOf(grossOre);
}

/** A net price with 25 % VAT added, rounded to whole øre. */
export function grossOf(netOre: number): number {
  assertOre(netOre, 'netOre');
  const gross = Math.round(Math.abs(netOre) * (100 + VAT.ratePercent) / 100);
  return netOre < 0 ? -gross : gross;
}

/** "79 kr." from 7900 øre; rounded to whole kroner. */
export function formatOre(ore: number): string {
  return formatDkk(oreToDkk(ore));
}

/** Order numbers are (at least) 4 digits: 7 → "0007". */
export function formatOrderNo(orderNo: number): string {
  if (!Number.isSafeInteger(orderNo) || orderNo < 0) throw new RangeError(`Invalid order number ${orderNo}`);
  return String(orderNo).padStart(ORDER.orderNoDigits, '0');
}

export interface InvoiceLine {
  label: string;
  /** Gross price per unit in øre, VAT included. */
  priceOre: number;
  quantity?: number;
}

/** Invoice products[]{label, price, vat, subtotal}: VAT is computed per line on the line's gross subtotal. */
export function invoiceLines(lines: readonly InvoiceLine[]): {
  lines: { label: string; priceOre: number; vatOre: number; subtotalOre: number }[];
  totalOre: number;
  vatOre: number;
} {
  const out = lines.map((l) => {
    const subtotalOre = l.priceOre * (l.quantity ?? 1);
    return { label: l.label, priceOre: l.priceOre, vatOre: vatOf(subtotalOre), subtotalOre };
  });
  return {
    lines: out,
    totalOre: out.reduce((s, l) => s + l.subtotalOre, 0),
    vatOre: out.reduce((s, l) => s + l.vatOre, 0),
  };
}
