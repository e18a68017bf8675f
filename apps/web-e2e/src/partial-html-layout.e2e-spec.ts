import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser } from './support/browser';
import { thisWorkersPortal } from './support/portal';

const { baseUrl } = thisWorkersPortal();

/**
 * A phone paints a page before its HTML has all arrived or been parsed: the parser yields wherever its
 * time slice or the network ends, and what it has so far is laid out and drawn. An element drawn there
 * that moves once the rest arrives is a layout shift the visitor sees and CLS counts: a right-aligned
 * row growing by a button, a <details> shown with the browser's own "Details" until its <summary>
 * comes, a select widening with each option, a grid whose later column narrows the earlier ones.
 * Chrome's yields cannot be made to happen on cue, so this lays out the page's body cut at each tag up
 * to the first card (the browser's state at a yield there) and compares every element drawn with the
 * same element of the whole page.
 */
describe('a page painted from part of its HTML: nothing drawn moves when the rest arrives', () => {
  let browser: Browser;
  beforeAll(async () => (browser = await launchBrowser()));
  afterAll(() => browser.close());

  it.each([
    ['/koebenhavn', PHONE],
    ['/koebenhavn', DESKTOP],
    ['/search?q=aarhus', PHONE],
    ['/', PHONE],
    ['/', DESKTOP],
    ['/login', PHONE],
    ['the first dwelling of /koebenhavn', PHONE],
  ] as const)('%s at %o', async (path, viewport) => {
    const detail = path.startsWith('/') ? null : /href="(\/vis\/[^"]+)"/.exec(await (await fetch(`${baseUrl}/koebenhavn`)).text())?.[1];
    const url = `${baseUrl}${detail ?? path}`;
    const html = await (await fetch(url)).text();
    const bodyStart = html.indexOf('>', html.indexOf('<body')) + 1;
    const body = html.slice(bodyStart, html.lastIndexOf('</body>'));
    // Each tag's start up to the end of the first card of a list, or the first screen's worth.
    const firstCard = body.indexOf('</li>', body.indexOf('data-card-link'));
    const end = firstCard > 0 ? firstCard : Math.min(body.length, 12_000);
    const cuts: number[] = [];
    for (let at = body.indexOf('<'); at >= 0 && at < end; at = body.indexOf('<', at + 1)) cuts.push(at);
    expect(cuts.length).toBeGreaterThan(30);

    const context = await browser.newContext({ viewport });
    // The scripts would hydrate the page: until they run, the browser shows only the HTML and the CSS.
    await context.route('**/*.js', (route) => route.abort());
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    const moved = await page.evaluate(
      ({ body, cuts }) => {
        type Placed = { what: string; x: number; y: number; drawn: boolean };
        // What an element draws itself, not through its child elements (each checked on its own): its
        // text, an image or control, a background, a border or a shadow. A box drawing nothing cannot be
        // seen to move.
        const drawsItself = (node: Element, style: CSSStyleDeclaration) =>
          [...node.childNodes].some((child) => child.nodeType === Node.TEXT_NODE && child.textContent?.trim()) ||
          ['IMG', 'svg', 'INPUT', 'SELECT', 'TEXTAREA', 'BUTTON', 'VIDEO', 'CANVAS', 'IFRAME', 'HR'].includes(node.nodeName) ||
          node instanceof SVGElement ||
          !/^rgba\(.*, 0\)$|^transparent$/.test(style.backgroundColor) ||
          style.backgroundImage !== 'none' ||
          style.boxShadow !== 'none' ||
          ['top', 'right', 'bottom', 'left'].some((side) => style.getPropertyValue(`border-${side}-style`) !== 'none' && parseFloat(style.getPropertyValue(`border-${side}-width`)) > 0);
        // Every element's place, in document order: a cut's elements are the whole body's first ones.
        const places = (): Placed[] =>
          [...document.body.querySelectorAll('*')].map((node) => {
            const rect = node.getBoundingClientRect();
            const style = getComputedStyle(node);
            // Not drawn: not rendered, skipped (a closed <details>, an off-screen card), of no size,
            // clipped away (.visually-hidden, words only for screen readers) or drawing nothing itself.
            const drawn =
              rect.width > 0 &&
              rect.height > 0 &&
              node.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true }) &&
              style.clip === 'auto' &&
              drawsItself(node, style);
            const what = `${node.nodeName.toLowerCase()}.${String(node.getAttribute('class') ?? '').split(' ')[0]} "${(node.textContent ?? '').trim().slice(0, 30)}"`;
            return { what, x: Math.round(rect.x), y: Math.round(rect.y), drawn };
          });
        document.body.innerHTML = body;
        const whole = places();
        const found: string[] = [];
        for (const cut of cuts) {
          // The same tree the parser has built at that point: open elements are closed where the cut is.
          document.body.innerHTML = body.slice(0, cut);
          places().forEach((placed, index) => {
            const final = whole[index];
            if (placed.drawn && (placed.x !== final.x || placed.y !== final.y)) {
              found.push(`${placed.what} at ${placed.x},${placed.y}, then ${final.x},${final.y} (cut before ${JSON.stringify(body.slice(cut, cut + 40))})`);
            }
          });
          if (found.length > 10) break;
        }
        return found;
      },
      { body, cuts },
    );
    await context.close();
    expect(moved).toEqual([]);
  });
});
