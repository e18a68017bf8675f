import { describe, expect, it } from 'vitest';
import { parseAlertViewCounts, rotateSiteAlerts, safeAlertLink } from './site-alerts';

const a = (id: number, views: number) => ({ id, views });

describe('rotateSiteAlerts', () => {
  it('shows an alert its views times, then drops it', () => {
    let counts = {};
    const shown: number[] = [];
    for (let load = 0; load < 5; load++) {
      const result = rotateSiteAlerts([a(1, 3)], counts);
      shown.push(result.visible.length);
      counts = result.counts;
    }
    expect(shown).toEqual([1, 1, 1, 0, 0]);
  });

  it('never shows an alert published with 0 views', () => {
    expect(rotateSiteAlerts([a(1, 0)], {}).visible).toEqual([]);
  });

  it('keeps a dismissed alert (count 0) away, and lowers a stored count when the alert is edited down', () => {
    expect(rotateSiteAlerts([a(1, 5)], { '1': 0 }).visible).toEqual([]);
    expect(rotateSiteAlerts([a(1, 2)], { '1': 9 }).counts).toEqual({ '1': 1 });
  });

  it('forgets counts of alerts that are gone', () => {
    expect(rotateSiteAlerts([a(2, 2)], { '1': 3, '7': 1 }).counts).toEqual({ '2': 1 });
  });
});

describe('parseAlertViewCounts', () => {
  it.each([
    [null, {}],
    ['not json', {}],
    ['[1,2]', {}],
    ['{"1":2,"2":"x","3":null}', { '1': 2 }],
  ])('%s → %j', (raw, expected) => expect(parseAlertViewCounts(raw)).toEqual(expected));
});

describe('safeAlertLink', () => {
  it.each([
    ['/info/faq', '/info/faq'],
    ['https://husly.dk/info', 'https://husly.dk/info'],
    ['//evil.example/x', null],
    ['javascript:alert(1)', null],
    ['http://husly.dk', null],
    ['', null],
    [null, null],
  ])('%s → %s', (link, expected) => expect(safeAlertLink(link)).toBe(expected));
});
