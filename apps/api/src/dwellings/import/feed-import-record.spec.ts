import { describe, expect, it } from 'vitest';
import { feedImportCounts, feedImportSource } from './feed-import-record';

describe('feedImportSource', () => {
  it.each([
    ['/srv/feeds/boligselskab-2026-11-29.json', 'boligselskab-2026-11-29.json'],
    ['feeds/udlejer.csv', 'udlejer.csv'],
    ['https://feed.example.dk/export/dwellings.json', 'https://feed.example.dk/export/dwellings.json'],
    // Where a feed's credentials sit: user info, query and fragment never reach the record.
    ['https://husly:hemmelig@feed.example.dk/export.json?apikey=abc123&format=json#top', 'https://feed.example.dk/export.json'],
    ['sftp://husly@sftp.example.dk:2222/out/feed.csv', 'sftp://sftp.example.dk:2222/out/feed.csv'],
    ['https://user:pass@[not a host]/feed.json', 'https:// (an address that does not parse)'],
  ])('names %s as %s', (file, expected) => {
    expect(feedImportSource(file)).toBe(expected);
  });
});

describe('feedImportCounts', () => {
  it('keeps every count of the result, flat, and nothing else', () => {
    expect(feedImportCounts({ source: 'json', created: 2, createdIds: [7, 8], updated: 1, unchanged: 0, rented: 3, imagesWritten: 4 })).toEqual({
      created: 2,
      updated: 1,
      unchanged: 0,
      rented: 3,
      imagesWritten: 4,
    });
  });
});
