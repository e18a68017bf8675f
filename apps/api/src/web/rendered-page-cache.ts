import type { LRUCache } from 'lru-cache';
import { CONSENT_COOKIE, COOKIES, parseConsent, readCookie, type CookieConsent } from '@husly/domain';
import { boundedCache } from '../common/bounded-cache';
import type { ContentEncoding } from '../common/compression';

/**
 * What a visitor's page was rendered from besides its URL: the dwelling list version (it moves with
 * every committed change to dwellings and their images) and the city list and site alerts as the
 * services cached them (the same objects until they read them again).
 */
export interface PageInputs {
  version: string;
  areas: unknown;
  alerts: unknown;
}

/**
 * A server-rendered page as it was sent to a visitor: shared by every visitor who asks for the same
 * URL on the same host while its inputs are the current ones, for at most `ttlMs` (what else a page
 * shows, a city's texts or the fair-rent median, is at most that much older;
 * docs/decisions/0028-rendered-page-cache.md). The page holds no per-response secret: it has no
 * inline script, so no nonce.
 */
export interface RenderedPage {
  status: number;
  /** The HTML's UTF-8 bytes. */
  html: Buffer;
  /** What the page asked of the response besides its HTML (X-Robots-Tag). */
  headers: Record<string, string>;
  /** Read before the page was rendered: the page is at least that new. */
  inputs: PageInputs;
  /** Clock time it was rendered at. */
  at: number;
  /**
   * The HTML compressed, per encoding, the first time a visitor asks for it (compress once; visitors
   * asking meanwhile wait for the same compression).
   */
  encoded: Map<ContentEncoding, Promise<Buffer>>;
}

/**
 * The visitors' rendered pages, bounded in entries and bytes (HTML and its compressed copies),
 * evicting the least recently used: a flood of made-up URLs only evicts, it cannot grow memory.
 * Only pages everyone may see are kept; the caller decides which (WebAppServer: a visitor's
 * indexable page).
 */
export class RenderedPageCache {
  private readonly pages: LRUCache<string, RenderedPage>;
  /** Bytes of a kept page's compressed copies, counted with its HTML. */
  private readonly copies = new WeakMap<RenderedPage, number>();

  constructor(
    readonly ttlMs = 5_000,
    maxEntries = 500,
    maxBytes = 48 * 1024 * 1024,
  ) {
    // A page is kept before it is compressed; its compressed copies are counted as they are made (grow).
    this.pages = boundedCache((page) => page.html.length + (this.copies.get(page) ?? 0), maxBytes, maxEntries);
  }

  get size(): number {
    return this.pages.size;
  }

  /** The page for `key` when it was rendered from `inputs` less than ttlMs ago; else none (and it is dropped). */
  get(key: string, inputs: PageInputs, now: number): RenderedPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    const same = page.inputs.version === inputs.version && page.inputs.areas === inputs.areas && page.inputs.alerts === inputs.alerts;
    // Also a page "from the future": the clock was set back.
    if (!same || now - page.at >= this.ttlMs || now < page.at) {
      this.pages.delete(key);
      return undefined;
    }
    return page;
  }

  set(key: string, page: RenderedPage): void {
    const old = this.pages.peek(key);
    // A slower render of an older version must not replace a newer page.
    if (old && BigInt(old.inputs.version) > BigInt(page.inputs.version)) return;
    this.pages.set(key, page);
  }

  /**
   * Counts a compressed copy made of a kept page (in its `encoded`) against the byte bound, if it is
   * still the page kept: set again, sized anew (and dropped if that takes it over a sixteenth).
   */
  grow(key: string, page: RenderedPage, bytes: number): void {
    if (this.pages.peek(key) !== page) return;
    this.copies.set(page, (this.copies.get(page) ?? 0) + bytes);
    this.pages.delete(key); // lru-cache keeps the old size of a value set again as the same object
    this.pages.set(key, page);
  }

  clear(): void {
    this.pages.clear();
  }
}

/**
 * Whether a request's page is the viewer's own: a login cookie (the page renders with it as the
 * bearer token, and a subscriber's page shows what a visitor's must not), an Authorization header,
 * or a remembered dwelling (bn.last: the page carries its last-viewed banner). Any value counts,
 * valid or not: such a request is never served from, nor stored in, the cache.
 */
export function personalRequest(headers: { cookie?: string; authorization?: string }): boolean {
  if (headers.authorization) return true;
  const cookie = headers.cookie;
  return Boolean(cookie && (readCookie(cookie, COOKIES.token.name) || readCookie(cookie, COOKIES.lastDwelling.name)));
}

/**
 * The key of a visitor's page: its URL on the configured host, and the cookie choice it was asked
 * with (the banner is in the page of a visitor who has not chosen), read as the server render reads it.
 */
export function pageKey(url: string, cookie: string | undefined): { key: string; consent: CookieConsent | null } {
  const consent = parseConsent(cookie ? readCookie(cookie, CONSENT_COOKIE.name) : undefined);
  return { key: `${consent ?? 'none'} ${url}`, consent };
}
