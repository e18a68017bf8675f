import { describe, it, expect, vi } from 'vitest';
import {
  calendarDay,
  copenhagenCalendarDay,
  formatDate,
  formatDkk,
  formatRent,
  formatRooms,
  formatSize,
  formatUnknown,
  pageTitle,
  parseDanishDate,
  searchPageTitle,
} from './display';
import { formatPets, formatTimeframe } from './display-facts';

describe('formatTimeframe', () => {
  it.each([
    ['12-24', 'da', '1-2 år'],
    ['12-24', 'en', '1-2 years'],
    ['6', 'da', '6 mdr.'],
    ['6', 'en', '6 months'],
    ['12', 'da', '1 år'],
    ['12', 'en', '1 year'],
    ['24', 'en', '2 years'],
    ['1', 'da', '1 md.'],
    ['1', 'en', '1 month'],
    ['6-12', 'da', '6-12 mdr.'],
    ['3 - 6', 'en', '3-6 months'],
    ['12-12', 'da', '1 år'],
    ['0-0', 'da', 'Ubegrænset'],
    ['0', 'en', 'Unlimited'],
    ['2027-03-01', 'da', 'til 01/03/2027'],
    ['2027-03-01', 'en', 'until 01/03/2027'],
    ['2027-03-01T00:00:00.000Z', 'da', 'til 01/03/2027'],
    ['', 'da', 'Ukendt'],
    [null, 'en', 'Unknown'],
    ['Snarest', 'da', 'Snarest'],
  ] as const)('%j (%s) → %j', (value, lang, expected) => {
    expect(formatTimeframe(value, lang)).toBe(expected);
  });
});

describe('formatPets', () => {
  it.each([
    [1, 'da', 'Ja'],
    [-1, 'da', 'Nej'],
    [1, 'en', 'Yes'],
    [-1, 'en', 'No'],
    [null, 'da', 'Ukendt'],
    [0, 'en', 'Unknown'],
  ] as const)('%j (%s) → %j', (value, lang, expected) => {
    expect(formatPets(value, lang)).toBe(expected);
  });
});

describe('unknown rent, rooms and size', () => {
  it.each([
    [formatUnknown, -1, 'da', 'Ukendt'],
    [formatUnknown, 3, 'da', '3'],
    [formatRent, -1, 'da', 'Ukendt'],
    [formatRent, 4500, 'da', '4.500 kr.'],
    [formatRooms, -1, 'en', 'Unknown'],
    [formatRooms, 3, 'da', '3 vær.'],
    [formatRooms, 1, 'en', '1 room'],
    [formatRooms, 2, 'en', '2 rooms'],
    [formatSize, -1, 'da', 'Ukendt'],
    [formatSize, 85, 'en', '85 m²'],
    [formatSize, null, 'en', 'Unknown'],
  ] as const)('%o(%j, %s) → %j', (format, value, lang, expected) => {
    expect(format(value, lang)).toBe(expected);
  });
});

describe('formatDkk', () => {
  it.each([
    [4500, '4.500 kr.'],
    [79, '79 kr.'],
    [0, '0 kr.'],
    [999, '999 kr.'],
    [1000, '1.000 kr.'],
    [14000, '14.000 kr.'],
    [1234567, '1.234.567 kr.'],
    [4499.5, '4.500 kr.'],
    [-1200, '-1.200 kr.'],
  ])('%d → %j', (amount, expected) => {
    expect(formatDkk(amount)).toBe(expected);
  });
});

describe('formatDate', () => {
  it.each([
    [new Date('2027-03-01T12:00:00Z'), '01/03/2027'],
    // 23:30 UTC is already the next day in Copenhagen.
    [new Date('2024-03-01T23:30:00Z'), '02/03/2024'],
    ['2024-07-15T22:30:00Z', '16/07/2024'],
    ['2027-03-01', '01/03/2027'],
    ['2027-02-30', ''],
    ['not a date', ''],
  ])('%j → %j', (date, expected) => {
    expect(formatDate(date)).toBe(expected);
  });

  it('takes another time zone when asked', () => {
    expect(formatDate(new Date('2024-03-01T23:30:00Z'), 'UTC')).toBe('01/03/2024');
  });

  it.each([
    [new Date('2026-12-31T23:30:00Z'), '2027-01-01'],
    [new Date('2026-06-15T10:00:00Z'), '2026-06-15'],
  ])('calendarDay(%j) → %j', (date, expected) => {
    expect(calendarDay(date)).toBe(expected);
  });

  it('remembers days by quarter hour without mixing up the instants around a midnight, a clock change or another zone', () => {
    // Each pair asked twice: the second answer comes from what the first remembered.
    const cases: Array<[string, string | undefined, string]> = [
      ['2026-03-28T22:59:59.999Z', undefined, '2026-03-28'], // 23:59:59 CET
      ['2026-03-28T23:00:00.000Z', undefined, '2026-03-29'], // midnight CET
      ['2026-03-29T00:59:59.999Z', undefined, '2026-03-29'], // 01:59 CET, the last minute before summer time
      ['2026-03-29T01:00:00.000Z', undefined, '2026-03-29'], // 03:00 CEST
      ['2026-10-24T21:59:59.999Z', undefined, '2026-10-24'], // 23:59:59 CEST
      ['2026-10-24T22:00:00.000Z', undefined, '2026-10-25'], // midnight CEST
      ['2026-05-01T18:29:59.999Z', 'Asia/Kolkata', '2026-05-01'], // 23:59:59 IST (UTC+5:30)
      ['2026-05-01T18:30:00.000Z', 'Asia/Kolkata', '2026-05-02'],
      ['2026-05-01T18:30:00.000Z', 'UTC', '2026-05-01'],
    ];
    for (let round = 0; round < 2; round++) {
      for (const [iso, zone, expected] of cases) expect(calendarDay(new Date(iso), zone)).toBe(expected);
    }
  });
});

describe('copenhagenCalendarDay', () => {
  const intl = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Copenhagen', year: 'numeric', month: '2-digit', day: '2-digit' });
  const DAY_MS = 86_400_000;
  const MINUTE_MS = 60_000;

  it('agrees with Intl around every midnight of 1996 to 2045, and every quarter hour of the days the clocks change', () => {
    let checked = 0;
    const check = (time: number) => {
      expect(copenhagenCalendarDay(time), new Date(time).toISOString()).toBe(intl.format(time));
      checked++;
    };
    for (let day = Date.UTC(1996, 0, 1); day < Date.UTC(2046, 0, 1); day += DAY_MS) {
      // Midnight is 22:00 UTC in summer, 23:00 UTC in winter: the last millisecond before each and each.
      for (const hour of [22, 23]) {
        check(day + hour * 60 * MINUTE_MS - 1);
        check(day + hour * 60 * MINUTE_MS);
      }
      const date = new Date(day);
      const isLastSunday = date.getUTCDay() === 0 && new Date(day + 7 * DAY_MS).getUTCMonth() !== date.getUTCMonth();
      if (isLastSunday && (date.getUTCMonth() === 2 || date.getUTCMonth() === 9)) {
        for (let minute = -120; minute <= 24 * 60; minute += 15) check(day + minute * MINUTE_MS);
      }
    }
    expect(checked).toBeGreaterThan(70_000);
  });

  it('leaves years before the EU rule, and invalid dates, to Intl', () => {
    expect(copenhagenCalendarDay(Date.UTC(1995, 5, 1))).toBeUndefined();
    expect(copenhagenCalendarDay(Number.NaN)).toBeUndefined();
    expect(calendarDay(new Date(Date.UTC(1995, 5, 1, 22, 30)))).toBe('1995-06-02');
  });

  it('works out a Danish day without creating an Intl.DateTimeFormat (~45 ms on a phone while a list page hydrates)', async () => {
    vi.resetModules();
    const Original = Intl.DateTimeFormat;
    let created = 0;
    Intl.DateTimeFormat = class extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args);
        created++;
      }
    } as typeof Intl.DateTimeFormat;
    try {
      const display = await import('./display.js');
      expect(display.formatDate(new Date('2026-11-26T23:30:00.000Z'))).toBe('27/11/2026');
      expect(display.calendarDay(new Date('2026-07-01T22:30:00.000Z'))).toBe('2026-07-02');
      expect(created).toBe(0);
    } finally {
      Intl.DateTimeFormat = Original;
    }
  });
});

describe('parseDanishDate', () => {
  it.each([
    ['01/03/2027', '2027-03-01T00:00:00.000Z'],
    [' 29/02/2028 ', '2028-02-29T00:00:00.000Z'],
    ['29/02/2027', null],
    ['31/04/2027', null],
    ['1/3/2027', null],
    ['2027-03-01', null],
    ['', null],
  ])('%j → %j', (value, expected) => {
    expect(parseDanishDate(value)?.toISOString() ?? null).toBe(expected);
  });
});

describe('pageTitle', () => {
  const long = 'Lejeboliger Aarhus - viser nu ledige lejligheder nær Aarhus';
  it.each([
    ['Boliger til leje', ' | Husly', 'Boliger til leje | Husly'],
    ['x'.repeat(44), ' | Husly', `${'x'.repeat(44)} | Husly`],
    ['x'.repeat(45), ' | Husly', 'x'.repeat(45)],
    [long, ' | Husly', long],
    ['', ' | Husly', 'Husly'],
  ])('%j + %j → %j', (title, suffix, expected) => {
    expect(pageTitle(title, suffix)).toBe(expected);
  });

  it('uses the house suffix by default', () => {
    expect(pageTitle('Om os')).toBe('Om os | Husly');
  });

  it.each([
    ['Aarhus', 'Lejeboliger Aarhus - viser nu ledige lejligheder nær Aarhus'],
    [' København ', 'Lejeboliger København - viser nu ledige lejligheder nær København'],
  ])('searchPageTitle(%j) → %j', (city, expected) => {
    expect(searchPageTitle(city)).toBe(expected);
  });

  it.each([
    ['Aarhus', 'da', 'Lejeboliger Aarhus - viser nu ledige lejligheder nær Aarhus'],
    ['Aarhus', 'en', 'Rental homes in Aarhus - now showing vacant apartments near Aarhus'],
  ] as const)('searchPageTitle(%j, %s) → %j', (city, language, expected) => {
    expect(searchPageTitle(city, language)).toBe(expected);
  });
});
