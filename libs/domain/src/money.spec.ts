import { describe, it, expect } from 'vitest';
import { dkkToOre, formatOre, formatOrderNo, grossOf, invoiceLines, netOf, oreToDkk, vatOf } from './money';

describe('VAT included in a gross price (25 % → 20 % of gross)', () => {
  it.each([
    [7900, 1580, 6320],
    [10000, 2000, 8000],
    [1, 0, 1],
    [3, 1, 2],
    [9999, 2000, 7999],
    [0, 0, 0],
    [-7900, -1580, -6320],
  ])('gross %d øre → vat %d, net %d', (gross, vat, net) => {
    expect(vatOf(gross)).toBe(vat);
    expect(netOf(gross)).toBe(net);
    expect(netOf(gross) + vatOf(gross)).toBe(gross);
  });

  it.each([
    [6320, 7900],
    [8000, 10000],
    [1, 1],
    [2, 3],
  ])('grossOf(%d) → %d', (net, gross) => {
    expect(grossOf(net)).toBe(gross);
  });

  it.each([[79.5], [Number.NaN]])('refuses a non-whole øre amount %d', (amount) => {
    expect(() => vatOf(amount)).toThrow(RangeError);
  });
});

describe('kroner and øre', () => {
  it.each([
    [79, 7900],
    [79.95, 7995],
    [0.1, 10],
  ])('dkkToOre(%d) → %d', (dkk, ore) => {
    expect(dkkToOre(dkk)).toBe(ore);
    expect(oreToDkk(ore)).toBe(dkk);
  });

  it.each([
    [7900, '79 kr.'],
    [450000, '4.500 kr.'],
    [7950, '80 kr.'],
  ])('formatOre(%d) → %j', (ore, text) => {
    expect(formatOre(ore)).toBe(text);
  });
});

describe('formatOrderNo', () => {
  it.each([
    [7, '0007'],
    [42, '0042'],
    [1234, '1234'],
    [0, '0000'],
    [12345, '12345'],
  ])('%d → %j', (n, text) => {
    expect(formatOrderNo(n)).toBe(text);
  });

  it.each([[-1], [1.5]])('refuses %d', (n) => {
    expect(() => formatOrderNo(n)).toThrow(RangeError);
  });
});

describe('invoiceLines', () => {
  it('computes VAT per line and totals', () => {
    expect(invoiceLines([{ label: 'Boligsøgerannonce', priceOre: 7900 }, { label: 'Intro', priceOre: 1000, quantity: 2 }])).toEqual({
      lines: [
        { label: 'Boligsøgerannonce', priceOre: 7900, vatOre: 1580, subtotalOre: 7900 },
        { label: 'Intro', priceOre: 1000, vatOre: 400, subtotalOre: 2000 },
      ],
      totalOre: 9900,
      vatOre: 1980,
    });
  });
});
