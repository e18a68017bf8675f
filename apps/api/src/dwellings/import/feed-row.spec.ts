import { describe, expect, it } from 'vitest';
import { cityMatchesZip, cityProblem, contentHash, mapRow, planImport, readFeed, validateFeed, type ZipCity } from './feed-row';

const good = {
  externalId: 'a-1',
  headline: '2-værelses lejlighed',
  teaser: 'Lys',
  rent: 8500,
  rooms: 2,
  size: 60,
  zip: '8000',
  location: { street: 'Åboulevarden 1' },
  geolocation: { lat: 56.15, lng: 10.2 },
  facts: { deposit: 25500, dwelling_types: ['apartment'] },
  images: ['a.jpg'],
  landlord: { name: 'Boligselskabet', email: 'Udlejning@Example.dk', type: 'nonprofit', remark: ['Ring'] },
};

describe('readFeed and validateFeed', () => {
  it('flattens the nested detail groups of section 3 and resolves image paths against the feed', () => {
    const { rows, errors } = validateFeed(readFeed(JSON.stringify([good]), 'feed.json'), '/feeds');
    expect(errors).toEqual([]);
    expect(rows[0].row).toBe(1);
    expect(rows[0].data).toMatchObject({ street: 'Åboulevarden 1', lat: 56.15, lng: 10.2, deposit: 25500, dwelling_types: ['apartment'], status: 1 });
    expect(rows[0].imagePaths).toEqual(['/feeds/a.jpg']);
  });

  it('reads CSV with landlord.* columns and |-separated lists, numbers as text, empty cells as absent', () => {
    const csv = [
      'externalId,headline,rent,rooms,size,zip,street,pets,images,dwelling_types,landlord.name,landlord.email,landlord.remark,deposit',
      'c-1,Hus,"12000",4,,8000,Vej 2,-1,a.jpg|/abs/b.jpg,villa|townhouse,Jens,jens@example.dk,Ring|Skriv,36000',
    ].join('\n');
    const { rows, errors } = validateFeed(readFeed(csv, 'feed.csv'), '/feeds');
    expect(errors).toEqual([]);
    expect(rows[0].data).toMatchObject({ rent: 12000, rooms: 4, size: -1, pets: -1, deposit: 36000, dwelling_types: ['villa', 'townhouse'] });
    expect(rows[0].data.landlord).toMatchObject({ name: 'Jens', email: 'jens@example.dk', remark: ['Ring', 'Skriv'], type: 'private' });
    expect(rows[0].imagePaths).toEqual(['/feeds/a.jpg', '/abs/b.jpg']);
  });

  it.each([
    [{ rent: 'mange' }, 'row 1: rent: must be a whole number'],
    [{ rent: 12.5 }, 'row 1: rent: must be a whole number'],
    [{ zip: '800' }, 'row 1: zip: must be a 4-digit postal code'],
    [{ headline: ' ' }, 'row 1: headline: is required'],
    [{ pets: 2 }, 'row 1: pets: must be 1 (yes) or -1 (no)'],
    [{ timeframe: 'snart' }, 'row 1: timeframe: must be months ("12-24") or a date YYYY-MM-DD'],
    [{ lat: 40 }, 'row 1: lat: must lie in Denmark'],
    [{ landlord: {} }, 'row 1: landlord: needs a name, an email or an externalId'],
    [{ landlord: { email: 'nej' } }, 'row 1: landlord.email: must be an email address'],
    [{ colour: 'red' }, 'row 1: colour: unknown field'],
  ])('refuses %j with "%s"', (change, message) => {
    const { errors } = validateFeed(readFeed(JSON.stringify([{ ...good, ...change }]), 'f.json'), '/');
    expect(errors).toContain(message);
  });

  it('takes the city of section 3 from `city`, `location.city` (JSON) or a `location.city` column (CSV), and keeps it out of what is stored', () => {
    for (const row of [{ ...good, city: 'Aarhus C' }, { ...good, location: { street: 'Åboulevarden 1', city: 'Aarhus C' } }]) {
      const { rows, errors } = validateFeed(readFeed(JSON.stringify([row]), 'f.json'), '/');
      expect(errors).toEqual([]);
      expect(rows[0].data).toMatchObject({ city: 'Aarhus C', street: 'Åboulevarden 1' });
      // The zip decides where a dwelling is listed; the city is only checked against it.
      expect(mapRow(rows[0].data, 'src').dwelling).not.toHaveProperty('city');
    }
    const csv = ['externalId,headline,rent,zip,location.street,location.city,landlord.name', 'c-1,Hus,9000,8000,Vej 2,Aarhus C,Jens'].join('\n');
    const { rows, errors } = validateFeed(readFeed(csv, 'feed.csv'), '/');
    expect(errors).toEqual([]);
    expect(rows[0].data).toMatchObject({ city: 'Aarhus C', street: 'Vej 2', zip: '8000' });
  });

  it('numbers rows from 1 and refuses a repeated externalId', () => {
    const { errors } = validateFeed(readFeed(JSON.stringify([good, { ...good, rent: 'x' }, good, 7]), 'f.json'), '/');
    expect(errors).toEqual(['row 2: rent: must be a whole number', 'row 3: externalId: "a-1" is also row 1', 'row 4: is not an object']);
  });

  it('refuses a file that is not a JSON array', () => {
    expect(() => readFeed('{"a":1}', 'f.json')).toThrow('a JSON feed must be an array');
    expect(() => readFeed('[1,', 'f.json')).toThrow('not valid JSON');
  });
});

describe('mapRow and contentHash', () => {
  const data = validateFeed(readFeed(JSON.stringify([good]), 'f.json'), '/').rows[0].data;

  it('maps facts, the landlord key under the source, and defaults', () => {
    const { dwelling, landlord } = mapRow(data, 'boligselskab');
    expect(dwelling).toMatchObject({ description: '', remarks: null, pets: null, facts: { deposit: 25500, dwelling_types: ['apartment'] } });
    expect(landlord).toMatchObject({ externalId: 'boligselskab:email:udlejning@example.dk', type: 'NONPROFIT', remarks: ['Ring'] });
  });

  it('is stable for the same content and changes with any field or image', () => {
    const mapped = mapRow(data, 's');
    expect(contentHash(mapped, ['x'])).toBe(contentHash(mapRow(data, 's'), ['x']));
    expect(contentHash(mapped, ['y'])).not.toBe(contentHash(mapped, ['x']));
    expect(contentHash({ ...mapped, dwelling: { ...mapped.dwelling, rent: 1 } }, ['x'])).not.toBe(contentHash(mapped, ['x']));
  });
});

describe('planImport', () => {
  const existing = [
    { externalId: 'same', source: 's', contentHash: 'h1', deletedAt: null },
    { externalId: 'changed', source: 's', contentHash: 'old', deletedAt: null },
    { externalId: 'back', source: 's', contentHash: 'h3', deletedAt: new Date() },
    { externalId: 'gone', source: 's', contentHash: 'h4', deletedAt: null },
    { externalId: 'gone-already', source: 's', contentHash: 'h5', deletedAt: new Date() },
    { externalId: 'theirs', source: 'other', contentHash: 'h6', deletedAt: null },
  ];
  const rows = [
    { row: 1, externalId: 'same', hash: 'h1' },
    { row: 2, externalId: 'changed', hash: 'h2' },
    { row: 3, externalId: 'back', hash: 'h3' },
    { row: 4, externalId: 'new', hash: 'h7' },
  ];

  it('creates, updates, leaves unchanged rows alone, and reopens a rented dwelling that is back', () => {
    expect(planImport('s', rows, existing, false)).toEqual({ create: ['new'], update: ['changed', 'back'], unchanged: ['same'], rent: [], conflicts: [] });
  });

  it('marks the source’s listed dwellings missing from a full feed as rented, nobody else’s', () => {
    expect(planImport('s', rows, existing, true).rent).toEqual(['gone']);
  });

  it('refuses an externalId of another source', () => {
    expect(planImport('s', [{ row: 5, externalId: 'theirs', hash: 'x' }], existing, false).conflicts).toEqual([
      'row 5: externalId: "theirs" belongs to the source "other"',
    ]);
  });
});

describe('a feed city against its zip', () => {
  const aarhus: ZipCity = { slug: 'aarhus', label: 'Aarhus', names: ['Aarhus C', 'århus', 'viby j'] };
  const koebenhavn: ZipCity = { slug: 'koebenhavn', label: 'København', names: ['København K', 'kobenhavn', 'copenhagen'] };

  it.each([
    ['Aarhus', aarhus],
    ['aarhus', aarhus],
    ['AARHUS C', aarhus],
    ['aarhus c', aarhus],
    ['8000 Aarhus C', aarhus],
    ['Århus', aarhus],
    ['Viby J', aarhus],
    ['København', koebenhavn],
    ['KØBENHAVN K', koebenhavn],
    ['koebenhavn', koebenhavn],
    ['Kobenhavn', koebenhavn],
    ['Copenhagen', koebenhavn],
    // Å as A plus a combining ring (macOS/iOS input), and an accent nobody writes in Danish.
    ['\u00c5rhus'.normalize('NFD'), aarhus],
    ['Àarhus', aarhus],
  ])('"%s" is the zip\'s city', (city, zipCity) => {
    expect(cityMatchesZip(city, zipCity)).toBe(true);
  });

  it.each([
    ['Odense', aarhus],
    ['Aarhu', aarhus],
    ['Aarhus Vest', aarhus],
    ['%', aarhus],
    ['aar%', aarhus],
    ['-', aarhus],
    ['Frederiksberg', koebenhavn],
  ])('"%s" is not', (city, zipCity) => {
    expect(cityMatchesZip(city, zipCity)).toBe(false);
  });

  it('reports the row, the field and both places; no city or an unknown zip is no city problem', () => {
    expect(cityProblem(3, 'Odense', '8000', aarhus)).toBe('row 3: city: "Odense" is not the city of zip 8000 (Aarhus)');
    expect(cityProblem(3, 'Aarhus C', '8000', aarhus)).toBeNull();
    expect(cityProblem(3, undefined, '8000', aarhus)).toBeNull();
    // An unknown zip is reported as such (zip: … is not a known postal code).
    expect(cityProblem(3, 'Odense', '0001', undefined)).toBeNull();
  });
});
