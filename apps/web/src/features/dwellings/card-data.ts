import type { DwellingListItem, DwellingListResponse } from '@husly/contracts';

/**
 * What a dwelling card shows of a list item. The list pages' loaders keep only this, so the
 * server-rendered page's hydration data carries no field the page does not render (the teaser,
 * coordinates and further images stay in the API's list response; docs/decisions/0023).
 */
export type DwellingCardData = Pick<
  DwellingListItem,
  'dwellingId' | 'headline' | 'rent' | 'rooms' | 'size' | 'city' | 'street' | 'image' | 'createdAt' | 'deletedAt' | 'monthlyCost' | 'moveInCost'
>;

export function toCardData(item: DwellingListItem): DwellingCardData {
  return {
    dwellingId: item.dwellingId,
    headline: item.headline,
    rent: item.rent,
    rooms: item.rooms,
    size: item.size,
    city: item.city,
    street: item.street,
    image: item.image,
    createdAt: item.createdAt,
    deletedAt: item.deletedAt,
    monthlyCost: item.monthlyCost,
    moveInCost: item.moveInCost,
  };
}

/** A list response as a list page's loader keeps it: the same meta and content, the items as cards. */
export type CardList = Omit<DwellingListResponse, 'data'> & { data: DwellingCardData[] };

export function toCardList(list: DwellingListResponse): CardList {
  return { ...list, data: list.data.map(toCardData) };
}

/**
 * The cards a server-rendered list page hydrates at once: the first screenful (a phone's, and a
 * desktop's rows of three), and a few more. The rest are in the HTML (crawlers read every card) but
 * not in the hydration data: the browser fetches the list again and hydrates them when it arrives
 * (docs/decisions/0023-lean-hydration.md).
 */
export const FIRST_HYDRATED_CARDS = 12;

/** What the hydration data keeps of a card it leaves out: enough for the page's ItemList of links. */
export type CardStub = Pick<DwellingCardData, 'dwellingId' | 'deletedAt'>;

/** Where the browser gets the cards the hydration data left out: the loader's own API request. */
export interface DeferredCards {
  path: string;
  query: Record<string, string | number>;
  /** data[from] and after are CardStubs. */
  from: number;
}

/** A list as a loader returns it; `rest` is set only in a server-rendered page's hydration data. */
export type HydratedCardList = CardList & { rest?: DeferredCards };

const deferrable = new WeakMap<object, Omit<DeferredCards, 'from'>>();

/**
 * Marks a list loader data as one whose cards past the first screenful may be left out of the
 * hydration data; `request` fetches the same list again (fetchList). Nothing changes in the object.
 */
export function deferrableCards<L extends CardList>(list: L, request: Omit<DeferredCards, 'from'>): L {
  deferrable.set(list, request);
  return list;
}

/**
 * JSON.stringify replacer for the hydration data (entry-server): a list marked by deferrableCards
 * keeps its first FIRST_HYDRATED_CARDS cards, the others as stubs, and says where to fetch them.
 */
export function hydrationReplacer(_key: string, value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const request = deferrable.get(value);
  const list = value as CardList;
  if (!request || list.data.length <= FIRST_HYDRATED_CARDS) return value;
  const from = FIRST_HYDRATED_CARDS;
  const data: Array<DwellingCardData | CardStub> = [
    ...list.data.slice(0, from),
    ...list.data.slice(from).map((card): CardStub => ({ dwellingId: card.dwellingId, deletedAt: card.deletedAt })),
  ];
  return { ...list, data, rest: { ...request, from } satisfies DeferredCards };
}
