import type { DwellingDetail, DwellingListItem, DwellingListResponse } from '@husly/contracts';

export function listItem(n: number, over: Partial<DwellingListItem> = {}): DwellingListItem {
  return {
    dwellingId: String(n),
    headline: `Lejlighed nummer ${n}`,
    teaser: 'Lys lejlighed',
    rent: 7500,
    rooms: 2,
    size: 65,
    city: 'Aarhus C',
    street: 'Vestergade 1',
    lat: 56.15,
    lng: 10.2,
    image: `/media/dwellings/blur-${n}.jpg`,
    images: [`/media/dwellings/blur-${n}.jpg`],
    createdAt: '2026-11-20T10:00:00.000Z',
    deletedAt: null,
    monthlyCost: 8100,
    moveInCost: 30600,
    ...over,
  };
}

export function listResponse(count: number, meta: Partial<DwellingListResponse['meta']> = {}): DwellingListResponse {
  const start = meta.start ?? 0;
  return {
    data: Array.from({ length: count }, (_, i) => listItem(start + i + 1)),
    meta: { total: count, start, pageSize: 150, ...meta },
  };
}

export function detail(over: Partial<DwellingDetail> = {}): DwellingDetail {
  return {
    dwellingId: '42',
    headline: 'Stor lejlighed ved åen',
    teaser: 'Kort om boligen.',
    description: null,
    remarks: 'Ingen rygning.',
    rent: 9500,
    rooms: 3,
    size: 85,
    pets: -1,
    economy: 'Husleje 9.500 kr. pr. måned',
    available: '2027-01-01',
    timeframe: '12-24',
    location: { street: 'Åboulevarden 10', city: 'Aarhus C', zip: '8000', citySlug: 'aarhus' },
    geolocation: { lat: 56.156, lng: 10.207 },
    images: ['/media/dwellings/blur-a.jpg', '/media/dwellings/blur-b.jpg'],
    facts: { deposit: 28500, expenses_heat: 600, dwelling_types: ['apartment'] },
    status: 1,
    deletedAt: null,
    subscribed: false,
    costs: { monthly: 10100, moveIn: 38600 },
    fairRent: null,
    ...over,
  };
}
