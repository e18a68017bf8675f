import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { watchContext } from './axe';

/** Debian's Chromium, the whole browser: where a page counts as done (the brief). `CHROMIUM_PATH` replaces it. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * Debian's `chromium-headless-shell`: the same Chromium build (Blink, V8, version) without the
 * browser's own layers, which is what Playwright itself runs headless. The journeys take half the
 * time in it on this 2-core machine (docs/decisions/0051-a-suite-of-a-quarter-hour.md); the
 * full-browser journeys ({@link launchBrowser}'s `fullBrowser`) keep /usr/bin/chromium in every run.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const JOURNEY_BROWSER = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM);
export const SCREENSHOT_DIR = resolve(__dirname, '../../../../var/screenshots');

/**
 * Debian's Chromium, headless, with the flags this closed network needs: its headless shell, or
 * the whole browser when asked (`fullBrowser`). Its pages belong to a
 * visitor who has already answered the cookie banner ("Kun nødvendige"), so the banner does not
 * cover what a journey taps; {@link newFreshVisitorPage} is the visitor who has not. Every page of
 * every context it opens is checked with axe (./axe.ts); a serious or critical finding fails the test.
 * Its visitors ask for reduced motion: axe reads a page while the journey goes on, and a button it
 * read halfway through a 0.15 s colour change failed colour contrast once (stop 42's CI). A journey
 * that wants motion passes `reducedMotion: 'no-preference'`.
 */
export async function launchBrowser(options: { fullBrowser?: boolean } = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: options.fullBrowser ? CHROMIUM : JOURNEY_BROWSER,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const newContext = browser.newContext.bind(browser);
  fresh.set(browser, newContext);
  browser.newContext = async (options) => {
    const context = await newContext({ reducedMotion: 'reduce', ...options });
    watchContext(context);
    await context.addCookies(['http://localhost', 'http://en.localhost'].map((url) => ({ name: 'bn.consent', value: 'necessary', url })));
    return context;
  };
  browser.newPage = async (options) => pageOf(await browser.newContext(options));
  return browser;
}

const fresh = new WeakMap<Browser, Browser['newContext']>();

/** A page whose context closes with it, as Browser.newPage's does. */
async function pageOf(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.on('close', () => void context.close().catch(() => undefined));
  return page;
}

/** A first-time visitor: no cookie choice yet, so the banner asks. */
export async function newFreshVisitorPage(browser: Browser, options?: Parameters<Browser['newPage']>[0]): Promise<Page> {
  const newContext = fresh.get(browser);
  if (!newContext) throw new Error('newFreshVisitorPage needs a browser from launchBrowser');
  const context = await newContext({ reducedMotion: 'reduce', ...options });
  watchContext(context);
  return pageOf(context);
}

/**
 * Opens a page of the portal and waits until React answers on it (`<html data-interactive>`, set once
 * its first render is committed), which is what a tap or a typed letter needs. A quiet network says
 * nothing about hydration (a loaded machine hydrates after it) and costs half a second a page; a
 * letter typed before hydration is lost to React (the hero search's flake).
 */
export async function gotoInteractive(page: Page, url: string) {
  const response = await page.goto(url, { waitUntil: 'domcontentloaded' });
  await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
  return response;
}

export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 900 };

/** Screenshots are for a person to look at: taken when asked (`SCREENSHOTS=1`) and when a test fails (axe-setup.ts). */
export const SCREENSHOTS = process.env.SCREENSHOTS === '1';

/**
 * The whole page, into var/screenshots/<name>.png when `SCREENSHOTS=1` (a full-page capture takes a
 * second or more, and nothing reads them in a run that passes). Cards far down a list use `content-visibility: auto` (ADR 0027), which the browser
 * paints only near the viewport, so they show blank in a full-page capture though a visitor scrolling
 * sees them. Drawing them all for the capture (a constructed stylesheet; the CSP refuses an inline
 * one) pushed the city journey past its 60 s limit on a loaded machine, so they stay blank.
 */
export async function screenshot(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!SCREENSHOTS) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  // A locator: that element only; a page: the whole page unless asked for the viewport.
  if ('goto' in target) await target.screenshot({ path, fullPage: options.fullPage ?? true });
  else await target.screenshot({ path });
}
