import type { Browser, ConsoleMessage, Page, Response } from 'playwright-core';
import sharp from 'sharp';
import { DESKTOP, gotoInteractive, newFreshVisitorPage } from './browser';

export interface OpenPageOptions {
  /** Default {@link DESKTOP}. */
  viewport?: { width: number; height: number };
  /** Cookies for the opened URL's origin, e.g. `{ token }` for a logged-in user. */
  cookies?: Record<string, string>;
  /** A visitor who has not answered the cookie banner yet (newFreshVisitorPage); default one who has. */
  freshVisitor?: boolean;
  /**
   * Marks the city and search pages' boligagent offer as already shown this session, as the app does
   * after showing it: it opens seconds after load and would cover what a journey not about it taps.
   */
  agentModalSeen?: boolean;
  /** Which console messages count as errors besides uncaught page errors: none (default), every console.error, or a choice. */
  console?: 'errors' | ((message: ConsoleMessage) => boolean);
  /** The internet is unreachable here: the map's tile server (config.map) is answered with a plain tile. */
  tiles?: boolean;
  /** Extra HTTP headers on every request of the page (e.g. x-forwarded-for). */
  headers?: Record<string, string>;
  /** Until React answers (gotoInteractive, the default), the load event, or a quiet network. */
  waitUntil?: 'interactive' | 'load' | 'networkidle';
  /** Runs before the first navigation: init scripts, listeners, routes of the journey's own. */
  beforeGoto?: (page: Page) => Promise<unknown> | void;
}

export interface OpenedPage {
  page: Page;
  /** Uncaught page errors, and the console messages `console` picks. */
  errors: string[];
  response: Response | null;
  status: number | undefined;
  /** Every document the page requested: one more than at the start means a full page load. */
  documents: string[];
}

/** console errors except those whose text matches `ignored` (an expected failed resource, a 401 the page answers). */
export const consoleErrorsExcept =
  (ignored: RegExp) =>
  (message: ConsoleMessage): boolean =>
    message.type() === 'error' && !ignored.test(message.text());

let tile: Promise<Buffer> | undefined;
/** A 256 px tile in the map's land colour, so a screenshot shows the map's box. */
const mapTile = () => (tile ??= sharp({ create: { width: 256, height: 256, channels: 3, background: '#dfe9e4' } }).png().toBuffer());

/**
 * A new page (in a context of its own, closed with it) that collects its errors, opened at `url`. The
 * one way the journeys open a page, so what counts as an error and how a page is waited for are alike.
 */
export async function openPage(browser: Browser, url: string, options: OpenPageOptions = {}): Promise<OpenedPage> {
  const pageOptions = { viewport: options.viewport ?? DESKTOP, ...(options.headers ? { extraHTTPHeaders: options.headers } : {}) };
  const page = options.freshVisitor ? await newFreshVisitorPage(browser, pageOptions) : await browser.newPage(pageOptions);
  if (options.cookies) {
    const { origin } = new URL(url);
    await page.context().addCookies(Object.entries(options.cookies).map(([name, value]) => ({ name, value, url: origin })));
  }
  if (options.agentModalSeen) await page.addInitScript(() => window.sessionStorage.setItem('bn.agentModal.session', '1'));

  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const counts = options.console === 'errors' ? (message: ConsoleMessage) => message.type() === 'error' : options.console;
  if (counts) page.on('console', (message) => counts(message) && errors.push(message.text()));
  const documents: string[] = [];
  page.on('request', (request) => request.resourceType() === 'document' && documents.push(request.url()));

  if (options.tiles) {
    await page.route('https://tile.openstreetmap.org/**', async (route) => route.fulfill({ status: 200, contentType: 'image/png', body: await mapTile() }));
  }
  await options.beforeGoto?.(page);

  const waitUntil = options.waitUntil ?? 'interactive';
  const response = waitUntil === 'interactive' ? await gotoInteractive(page, url) : await page.goto(url, { waitUntil });
  return { page, errors, response, status: response?.status(), documents };
}
