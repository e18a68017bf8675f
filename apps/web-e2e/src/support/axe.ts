import { AxeBuilder } from '@axe-core/playwright';
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';

/**
 * axe in every browser journey, without the journey asking for it (docs/decisions/0020-accessibility.md).
 * launchBrowser's contexts call {@link watchContext}; every page of them is then checked
 * - after each navigation of its main frame, full or client-side (a history push fires `framenavigated`
 *   too), once the page has loaded and settled for {@link SETTLE_MS};
 * - and once more in the state the journey leaves it in: before the page or its context closes, and at
 *   the end of every test (axe-setup.ts), which also fails the test on any serious or critical finding.
 * A page the journey leaves while axe is still reading it is not reported (the next page is checked).
 *
 * Once per markup: a page whose markup has the same shape as one axe already read in this run (the
 * same elements, classes, roles and attributes, text present or not; see {@link markupSignature}) is
 * not read again. The same template with other data (another city's list, another dwelling) is the
 * same shape; a dialog, an error state or a logged-in view is a new one. axe took about 60 % of the
 * journeys' time before (about 340 reads, most of the same few templates). `AXE_EVERY_PAGE=1` reads
 * every page again.
 */

/** Elements axe skips, each with the reason. Keep it short; nothing is left out silently. */
export const AXE_EXCLUDED: readonly { selector: string; reason: string }[] = [];

const FAILING = new Set(['serious', 'critical']);
/** After a navigation: lets React hydrate and a client-side route render before axe reads the page. */
const SETTLE_MS = 400;

export interface AxeFinding {
  url: string;
  rule: string;
  impact: string;
  help: string;
  helpUrl: string;
  targets: string[];
}

const findings = new Map<string, AxeFinding>();
const EVERY_PAGE = process.env.AXE_EVERY_PAGE === '1';
/** Shapes read in this run, shared by the journey files through a file of the run (global-setup.ts). */
const checkedShapes = new Set<string>();
function alreadyChecked(shape: string): boolean {
  const file = inject('axeShapesFile');
  if (file && existsSync(file)) for (const line of readFileSync(file, 'utf8').split('\n')) if (line) checkedShapes.add(line);
  return checkedShapes.has(shape);
}
function remember(shape: string): void {
  checkedShapes.add(shape);
  const file = inject('axeShapesFile');
  if (file) appendFileSync(file, `${shape}\n`);
}
const watched = new Set<{ flush: () => Promise<void> }>();
const flushers = new WeakMap<Page, () => Promise<void>>();
const pages = new Set<Page>();

/** The watched pages still open: what a failed test leaves in view (axe-setup.ts captures them). */
export const openPages = (): Page[] => [...pages].filter((page) => !page.isClosed());

export function watchContext(context: BrowserContext): void {
  context.on('page', watchPage);
  const close = context.close.bind(context);
  context.close = async (options) => {
    await Promise.all(context.pages().map((page) => flushers.get(page)?.()));
    return close(options);
  };
}

function watchPage(page: Page): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let chain: Promise<void> = Promise.resolve();
  let navigations = 0;
  const run = () => {
    clearTimeout(timer);
    timer = undefined;
    chain = chain.then(() => check(page, () => navigations));
    return chain;
  };
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    navigations++;
    clearTimeout(timer);
    timer = setTimeout(() => void run(), SETTLE_MS);
  });
  // The state the journey ends in: a dialog it opened, a form it left with errors.
  const entry = { flush: run };
  watched.add(entry);
  pages.add(page);
  flushers.set(page, run);
  const close = page.close.bind(page);
  page.close = async (options) => {
    if (!page.isClosed()) await run();
    watched.delete(entry);
    return close(options);
  };
  page.on('close', () => {
    clearTimeout(timer);
    watched.delete(entry);
    pages.delete(page);
  });
}

async function check(page: Page, navigations: () => number): Promise<void> {
  const url = page.url();
  const started = navigations();
  if (page.isClosed() || !/^https?:/.test(url)) return;
  try {
    await page.waitForLoadState('load', { timeout: 15_000 });
    // A JSON answer or a mail file opened in the browser is not a page of ours.
    if (!(await page.evaluate(() => document.contentType === 'text/html'))) return;
    const shape = createHash('sha256').update(`${new URL(url).host} ${await page.evaluate(markupSignature)}`).digest('base64url');
    if (!EVERY_PAGE && alreadyChecked(shape)) return;
    const builder = new AxeBuilder({ page }).setLegacyMode();
    for (const { selector } of AXE_EXCLUDED) builder.exclude(selector);
    const results = await builder.analyze();
    // Remembered only once read: a page left while axe read it is read again when next met.
    remember(shape);
    for (const violation of results.violations) {
      if (!FAILING.has(violation.impact ?? '')) continue;
      const targets = violation.nodes.map((node) => node.target.join(' '));
      const at = new URL(results.url);
      const finding = { url: `${at.host}${at.pathname}${at.search}`, rule: violation.id, impact: violation.impact ?? '', help: violation.help, helpUrl: violation.helpUrl, targets };
      findings.set(`${finding.url} ${finding.rule} ${targets.join(',')}`, finding);
    }
  } catch (error) {
    // Left, reloaded or closed while axe read it: the page it went on to gets its own check.
    if (page.isClosed() || page.url() !== url || navigations() !== started) return;
    const message = error instanceof Error ? error.message : String(error);
    if (/context was destroyed|navigat|Target .*closed/i.test(message)) return;
    // Never silently unchecked: a run that fails for another reason fails the test.
    findings.set(`${url} axe-error`, { url, rule: 'axe-error', impact: 'critical', help: `axe could not run: ${message}`, helpUrl: '', targets: [] });
  }
}

/** Checks every open page in its current state, then returns and forgets what axe found so far. */
export async function takeAxeFindings(): Promise<AxeFinding[]> {
  await Promise.all([...watched].map((entry) => entry.flush()));
  const found = [...findings.values()];
  findings.clear();
  return found;
}

export function describeFindings(found: AxeFinding[]): string {
  return [
    `axe found ${found.length} serious or critical violation(s):`,
    ...found.map((f) => `- [${f.impact}] ${f.rule} on ${f.url}: ${f.help}\n    ${f.targets.slice(0, 5).join('\n    ')}${f.targets.length > 5 ? `\n    … ${f.targets.length - 5} more` : ''}\n    ${f.helpUrl}`),
  ].join('\n');
}

/**
 * The shape of the page's markup, written out in the page (the caller hashes it): per element its tag, classes,
 * the names of its attributes (and the values of those that change what axe judges: role, type, lang,
 * tabindex, aria-hidden, hidden, aria-expanded, aria-current, aria-invalid) and whether it holds text;
 * each shape of child counts once under its parent, in the order first met, so 12 cards and 20 are one
 * shape, and so are a map's markers and clusters however they interleave. Elements nothing renders and
 * axe does not judge (script, link, style, template) are left out: a client-side navigation adds
 * modulepreload links to the head, which made the same state of /search a second shape (axe read it
 * twice, 4-6 s each in Chromium 156 on a 2-core machine).
 */
export function markupSignature(): string {
  const VALUES = new Set(['class', 'role', 'type', 'lang', 'tabindex', 'aria-hidden', 'hidden', 'aria-expanded', 'aria-current', 'aria-invalid', 'aria-modal', 'open', 'disabled']);
  const UNJUDGED = new Set(['script', 'link', 'style', 'template']);
  // Classes that only say an animation or a load is under way (Leaflet's tiles and clusters): the
  // same map state read a moment later is the same shape.
  const TRANSIENT = /^leaflet-(tile-loaded|cluster-anim|zoom-anim|pan-anim|drag-target|dragging)$/;
  const SKIPPED = /^(data-|id$|src$|srcset$|href$|value$|content$|style$|width$|height$|sizes$|datetime$|action$|name$|nonce$|integrity$)/;
  const shape = (el: Element): string => {
    let own = el.tagName.toLowerCase();
    for (const name of el.getAttributeNames().sort()) {
      if (name === 'href' || name === 'src') own += ` ${name}`;
      if (SKIPPED.test(name)) continue;
      own += VALUES.has(name) ? ` ${name}=${(el.getAttribute(name) ?? '').trim().split(/\s+/).filter((v) => name !== 'class' || !TRANSIENT.test(v)).sort().join('.')}` : ` ${name}`;
    }
    if ([...el.childNodes].some((n) => n.nodeType === 3 && (n.textContent ?? '').trim() !== '')) own += ' #text';
    const children = new Set<string>();
    for (const child of el.children) if (!UNJUDGED.has(child.tagName.toLowerCase())) children.add(shape(child));
    return children.size ? `${own}(${[...children].join(',')})` : own;
  };
  return shape(document.documentElement);
}
