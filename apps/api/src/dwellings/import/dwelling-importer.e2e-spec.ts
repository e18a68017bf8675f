import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCity, freeZip, unique } from '../../../test/factories';
import { dwellingMediaDir } from '../media.controller';
import { importDwellingFeed } from './dwelling-importer';
import { FeedError } from './feed-row';

const FIXTURES = join(__dirname, 'fixtures');

describe('importDwellingFeed on the real database', () => {
  let t: TestApp;
  let dir: string;
  let zip: string;
  let sfx: string;
  let cityId: number;
  beforeAll(async () => {
    t = await createTestApp();
    zip = await freeZip(t.prisma);
    cityId = (await createCity(t.prisma, { zips: [zip] })).id;
    sfx = unique();
    // The example feeds, moved to this run's city and made unique in the shared database.
    dir = mkdtempSync(join(tmpdir(), 'husly-feed-'));
    for (const file of ['stue.jpg', 'facade.jpg']) copyFileSync(join(FIXTURES, file), join(dir, file));
    for (const file of ['example-feed.json', 'example-feed.csv']) {
      const text = readFileSync(join(FIXTURES, file), 'utf8')
        .replace(/([",])8000([",])/g, `$1${zip}$2`)
        .replace(/\b(bs|ej)-(\d+|udlejning|admin)\b/g, `$1-$2-${sfx}`);
      writeFileSync(join(dir, file), text);
    }
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  const run = (file: string, options: { full?: boolean; source?: string; now?: Date } = {}) =>
    importDwellingFeed(t.prisma, { file: join(dir, file), source: options.source ?? `json-${sfx}`, full: options.full, dataDir: t.dataDir, now: options.now ?? new Date() });
  const media = () => (existsSync(dwellingMediaDir(t.dataDir)) ? readdirSync(dwellingMediaDir(t.dataDir)).sort() : []);
  const dwellingsOf = (source: string) =>
    t.prisma.dwelling.findMany({ where: { source }, include: { images: { orderBy: { position: 'asc' } }, landlord: true }, orderBy: { externalId: 'asc' } });

  it('imports a JSON feed with landlords, facts and blurred image derivatives; a second run changes nothing', async () => {
    const startedAt = new Date(Date.now() - 60_000);
    const result = await run('example-feed.json', { now: startedAt });
    expect(result).toMatchObject({ created: 2, updated: 0, unchanged: 0, rented: 0, imagesWritten: 3 });
    const [first, second] = await dwellingsOf(`json-${sfx}`);
    // Dated at the commit, after the image work, not when the import began: the boligagent's
    // window must not have moved past a dwelling before it was visible (ADR 0006).
    expect(first.createdAt.getTime()).toBeGreaterThan(startedAt.getTime());
    expect(first.createdAt.getTime()).toBeLessThan(startedAt.getTime() + 60_000);
    expect([...result.createdIds].sort((a, b) => a - b)).toEqual([first.id, second.id].sort((a, b) => a - b));
    expect(first).toMatchObject({
      externalId: `bs-1001-${sfx}`,
      cityId,
      zip,
      rent: 9800,
      street: 'Åboulevarden 12, 3. th',
      lat: 56.1567,
      pets: -1,
      timeframe: '12-24',
      facts: { deposit: 29400, prepaid_rent: 9800, expenses_heat: 650, dwelling_types: ['apartment'] },
      deletedAt: null,
    });
    expect(first.landlord).toMatchObject({ name: 'Boligselskabet Åen', type: 'NONPROFIT', remarks: ['Skriv venligst en mail før fremvisning'] });
    expect(second.landlord.email).toBe('jens@example.dk');
    expect(first.images).toHaveLength(2);
    const blurred = await sharp(join(dwellingMediaDir(t.dataDir), `${first.images[0].blurredKey}.jpg`)).metadata();
    expect([blurred.width, blurred.height]).toEqual([320, 240]);
    expect(existsSync(join(dwellingMediaDir(t.dataDir), `${first.images[0].fullKey}.jpg`))).toBe(true);
    expect(first.images[0].fullKey).not.toBe(first.images[0].blurredKey);

    const files = media();
    const again = await run('example-feed.json');
    expect(again).toMatchObject({ created: 0, createdIds: [], updated: 0, unchanged: 2, rented: 0, imagesWritten: 0 });
    expect(media()).toEqual(files);
    const after = await dwellingsOf(`json-${sfx}`);
    expect(after.map((d) => d.updatedAt)).toEqual([first.updatedAt, second.updatedAt]);
    expect(after[0].images.map((i) => i.blurredKey)).toEqual(first.images.map((i) => i.blurredKey));

    // The API shows the imported dwelling with the blurred image to a visitor.
    const detail = await t.request('GET', `/api/dwellings/${first.id}`);
    expect(detail.body.images).toEqual(first.images.map((i) => `/media/dwellings/${i.blurredKey}.jpg`));
    expect((await t.request('GET', detail.body.images[0])).status).toBe(200);
  });

  it('updates a changed row and keeps its unchanged images', async () => {
    const path = join(dir, 'example-feed.json');
    const feed = JSON.parse(readFileSync(path, 'utf8'));
    feed[0].rent = 9900;
    writeFileSync(join(dir, 'changed.json'), JSON.stringify(feed));
    copyFileSync(join(dir, 'stue.jpg'), join(dir, 'stue-copy.jpg'));
    const before = (await dwellingsOf(`json-${sfx}`))[0];
    expect(await run('changed.json')).toMatchObject({ created: 0, updated: 1, unchanged: 1, imagesWritten: 0 });
    const after = (await dwellingsOf(`json-${sfx}`))[0];
    expect(after.rent).toBe(9900);
    expect(after.images.map((i) => i.fullKey)).toEqual(before.images.map((i) => i.fullKey));
  });

  it('applies nothing of a file with a bad row, and names every bad row', async () => {
    const feed = JSON.parse(readFileSync(join(dir, 'example-feed.json'), 'utf8'));
    feed[0].rent = 1;
    feed[1].rent = 'fire tusind';
    feed.push({ ...feed[1], externalId: `bs-1003-${sfx}`, rent: 5000, zip: '0001' }, { ...feed[1], externalId: `bs-1004-${sfx}`, rent: 5000, images: ['mangler.jpg'] });
    writeFileSync(join(dir, 'bad.json'), JSON.stringify(feed));
    const files = media();
    const error = await run('bad.json').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FeedError);
    expect((error as FeedError).problems).toEqual([
      'row 2: rent: must be a whole number',
      'row 3: zip: 0001 is not a known postal code',
      expect.stringMatching(/^row 4: images\.0: cannot read an image at .*mangler\.jpg \(ENOENT\)$/),
    ]);
    const stored = await dwellingsOf(`json-${sfx}`);
    expect(stored.map((d) => d.rent)).toEqual([9900, 4200]);
    expect(stored).toHaveLength(2);
    expect(media()).toEqual(files);
  });

  it('accepts a city that names the zip\'s city, and refuses the file when a row\'s city is another city', async () => {
    const city = await t.prisma.city.findUniqueOrThrow({ where: { id: cityId }, include: { aliases: true } });
    const otherCity = await createCity(t.prisma);
    const feed = JSON.parse(readFileSync(join(dir, 'example-feed.json'), 'utf8'));
    const row = (n: number, over: Record<string, unknown>) => ({ ...feed[1], externalId: `city-${n}-${sfx}`, ...over });
    // Label in capitals, slug, the postal name in lower case, nested location.city.
    const good = [
      row(1, { city: city.label.toUpperCase() }),
      row(2, { city: city.slug }),
      row(3, { city: `${city.label} c`.toLowerCase() }),
      row(4, { location: { ...feed[1].location, city: city.label } }),
    ];
    writeFileSync(join(dir, 'cities.json'), JSON.stringify(good));
    expect(await run('cities.json', { source: `city-${sfx}` })).toMatchObject({ created: 4 });
    expect((await dwellingsOf(`city-${sfx}`)).map((d) => d.cityId)).toEqual([cityId, cityId, cityId, cityId]);

    const files = media();
    writeFileSync(join(dir, 'wrong-city.json'), JSON.stringify([...good.map((r) => ({ ...r, rent: 7777 })), row(5, { city: otherCity.label })]));
    const error = await run('wrong-city.json', { source: `city-${sfx}` }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FeedError);
    expect((error as FeedError).problems).toEqual([`row 5: city: "${otherCity.label}" is not the city of zip ${zip} (${city.label})`]);
    // Nothing of the file applied.
    const stored = await dwellingsOf(`city-${sfx}`);
    expect(stored).toHaveLength(4);
    expect(stored.every((d) => d.rent !== 7777)).toBe(true);
    expect(media()).toEqual(files);
  });

  it('imports the CSV feed with the same names as columns', async () => {
    const result = await run('example-feed.csv', { source: `csv-${sfx}` });
    expect(result).toMatchObject({ created: 2, imagesWritten: 2 });
    const [flat, house] = await dwellingsOf(`csv-${sfx}`);
    expect(flat).toMatchObject({ headline: '2-værelses lejlighed, Frederiksbjerg', rent: 8200, rooms: 2, pets: 1, timeframe: '6', lat: 56.1489, facts: { deposit: 24600, dwelling_types: ['apartment'] } });
    expect(flat.landlord).toMatchObject({ name: 'Ejendomsadministration ApS', type: 'COMPANY', remarks: ['Fremvisning tirsdag', 'Medbring lønsedler'] });
    expect(house).toMatchObject({ description: '', pets: null, timeframe: '2027-06-30', lat: null, images: [] });
    expect(house.landlordId).toBe(flat.landlordId);
    expect(await run('example-feed.csv', { source: `csv-${sfx}` })).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
  });

  it('marks the source’s dwellings missing from a full feed as rented, and only those', async () => {
    const feed = JSON.parse(readFileSync(join(dir, 'changed.json'), 'utf8'));
    writeFileSync(join(dir, 'full.json'), JSON.stringify([feed[0]]));
    const now = new Date('2026-11-21T12:00:00.000Z');
    expect(await run('full.json', { full: true, now })).toMatchObject({ unchanged: 1, rented: 1 });
    const [kept, gone] = await dwellingsOf(`json-${sfx}`);
    expect(kept.deletedAt).toBeNull();
    expect(gone.deletedAt).toEqual(now);
    expect((await dwellingsOf(`csv-${sfx}`)).every((d) => d.deletedAt === null)).toBe(true);
    // Back in the feed: vacant again.
    expect(await run('changed.json')).toMatchObject({ updated: 1, unchanged: 1 });
    expect((await dwellingsOf(`json-${sfx}`))[1].deletedAt).toBeNull();
  });

  it('records each run in feed_imports: started, then its counts or its failure, which is still thrown', async () => {
    // The feed as it stands (unchanged), under a name of its own: rows of other files are not this test's.
    copyFileSync(join(dir, 'changed.json'), join(dir, `records-${sfx}.json`));
    const now = new Date('2026-11-22T04:00:00.000Z');
    // Two runs at once are two runs: two rows, each with its own counts.
    await Promise.all([run(`records-${sfx}.json`, { now }), run(`records-${sfx}.json`, { now })]);
    const rows = await t.prisma.feedImport.findMany({ where: { source: `records-${sfx}.json` } });
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ startedAt: now, counts: { created: 0, updated: 0, unchanged: 2, rented: 0, imagesWritten: 0 }, error: null });
      expect(row.finishedAt!.getTime()).toBeGreaterThanOrEqual(now.getTime());
      expect(row.finishedAt!.getTime()).toBeLessThan(now.getTime() + 60_000);
    }

    const feed = JSON.parse(readFileSync(join(dir, 'changed.json'), 'utf8'));
    writeFileSync(join(dir, `records-bad-${sfx}.json`), JSON.stringify([{ ...feed[0], rent: 'ni tusind' }]));
    await expect(run(`records-bad-${sfx}.json`, { now })).rejects.toBeInstanceOf(FeedError);
    await expect(run(`records-missing-${sfx}.json`, { now })).rejects.toThrow(/ENOENT/);
    const failed = await t.prisma.feedImport.findMany({ where: { source: { in: [`records-bad-${sfx}.json`, `records-missing-${sfx}.json`] } }, orderBy: { id: 'asc' } });
    expect(failed).toEqual([
      expect.objectContaining({ startedAt: now, finishedAt: expect.any(Date), counts: {}, error: 'nothing imported: 1 problem(s) in the feed, the first: row 1: rent: must be a whole number' }),
      expect.objectContaining({ startedAt: now, finishedAt: expect.any(Date), counts: {}, error: expect.stringMatching(/^ENOENT: no such file or directory, open '.*records-missing-.*\.json'$/) }),
    ]);
  });
});
