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
 * The cards a list page's hydration data carries whole: the first screenful (a phone's, and a
 * desktop's rows of three), and a few more. The others are in the HTML (crawlers read every card)
 * and, in the hydration data, only by id: the browser fetches the list again before it hydrates
 * (preloaded with the page for a visitor), so the HTML does not carry each dwelling twice
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

/**
 * A list as a loader returns it. `rest` is set only while the cards from `rest.from` on are stubs:
 * in a server-rendered page's hydration data until the browser has fetched them (and for good
 * if that fetch failed: those cards then stay as the server rendered them).
 */
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
 * A JSON.stringify replacer for the hydration data (entry-server): a list marked by deferrableCards
 * keeps its first FIRST_HYDRATED_CARDS cards, the others as stubs, and says where to fetch them;
 * `onDeferred` hears of each such list (the page preloads it).
 */
export function hydrationReplacer(onDeferred: (rest: DeferredCards) => void = () => undefined) {
  return function replace(_key: string, value: unknown): unknown {
    if (typeof value !== 'object' || value === null) return value;
    const request = deferrable.get(value);
    const list = value as CardList;
    if (!request || list.data.length <= FIRST_HYDRATED_CARDS) return value;
    const from = FIRST_HYDRATED_CARDS;
    const data: Array<DwellingCardData | CardStub> = [
      ...list.data.slice(0, from),
      ...list.data.slice(from).map((card): CardStub => ({ dwellingId: card.dwellingId, deletedAt: card.deletedAt })),
    ];
    const rest: DeferredCards = { ...request, from };
    onDeferred(rest);
    return { ...list, data, rest };
  };
}

/** The URL the browser's API client asks for `rest` (the same, so a preload of it is used). */
export function deferredCardsUrl(rest: Pick<DeferredCards, 'path' | 'query'>): string {
  const search = new URLSearchParams(Object.entries(rest.query).map(([key, value]) => [key, String(value)])).toString();
  return `/api${rest.path}${search ? `?${search}` : ''}`;
}

/**
 * Fills in the cards a server-rendered page's hydration data left out (entry-client, before the
 * router is made): each list with `rest` is fetched again and its stubs replaced, so hydration
 * meets the same cards the server rendered. A list whose fetch fails keeps `rest`: DwellingList
 * then leaves those cards as the server rendered them. `fetchList` gets the URL to fetch.
 */
export async function fillDeferredCards(loaderData: unknown, fetchList: (url: string) => Promise<DwellingListResponse>): Promise<void> {
  const lists: HydratedCardList[] = [];
  const visit = (value: unknown, depth: number) => {
    if (typeof value !== 'object' || value === null || depth > 4) return;
    const list = value as HydratedCardList;
    if (list.rest && Array.isArray(list.data)) lists.push(list);
    else for (const child of Object.values(value)) visit(child, depth + 1);
  };
  visit(loaderData, 0);
  await Promise.all(
    lists.map(async (list) => {
      const rest = list.rest as DeferredCards;
      try {
        const fetched = await fetchList(deferredCardsUrl(rest));
        list.data = [...list.data.slice(0, rest.from), ...fetched.data.slice(rest.from).map(toCardData)];
        delete list.rest;
      } catch (error) {
        console.error(error);
      }
    }),
  );
}

/**
 * GET of a list URL as fillDeferredCards needs it: with no headers of its own for a visitor, so the
 * browser hands over the page's preload of it; with the bearer token for a signed-in viewer.
 */
export async function fetchListAt(url: string, token: string | undefined, doFetch: typeof fetch = globalThis.fetch): Promise<DwellingListResponse> {
  const response = await (token ? doFetch(url, { headers: { Authorization: `Bearer ${token}` } }) : doFetch(url));
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return (await response.json()) as DwellingListResponse;
}
