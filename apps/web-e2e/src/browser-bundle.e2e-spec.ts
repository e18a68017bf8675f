import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

// Issue 16: zod was 16 % of the one script every page loaded. The web now takes the contracts' zod-free
// entry only (docs/decisions/0021-zod-free-browser-contracts.md); the lint rule guards the imports,
// this guards what was built, lazy chunks included, whatever path zod would come back by.
const ASSETS = resolve(__dirname, '../../../dist/web/assets');

/** Names a minifier leaves alone: every zod schema's internals (`_zod`) and its error class. */
const ZOD = /\b_zod\b|\bZodError\b/;

describe('the browser bundle', () => {
  it('carries no zod', () => {
    const scripts = readdirSync(ASSETS).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((name) => ZOD.test(readFileSync(join(ASSETS, name), 'utf8')))).toEqual([]);
  });

  // Issue 31: the browser hydrates and routes with React Router itself, the router and version the
  // server renders with, not a copy of its behaviour that must agree with it
  // (docs/decisions/0055-one-router.md). React Router marks every build it is in with its major version.
  it("routes with React Router, the server's router", () => {
    const { version } = JSON.parse(readFileSync(resolve(__dirname, '../../../node_modules/react-router/package.json'), 'utf8')) as { version: string };
    const scripts = readdirSync(ASSETS).filter((name) => name.endsWith('.js'));
    const marks = scripts.flatMap((name) => [...readFileSync(join(ASSETS, name), 'utf8').matchAll(/__reactRouterVersion=["'`](\d+)["'`]/g)].map((match) => match[1]));
    expect(marks).toEqual([version.split('.')[0]]);
  });

  // Issue 16: what every page loads and runs first. The domain library's barrel once put all of it in
  // the shell (docs/decisions/0022), and the last-viewed banner the dwelling page's contact panel and styles.
  it("keeps the pages' own code out of the app shell every page loads first", () => {
    const manifest = JSON.parse(readFileSync(join(ASSETS, '../.vite/manifest.json'), 'utf8')) as Record<string, { file: string; css?: string[] }>;
    const entry = manifest['index.html']!;
    const shell = [entry.file, ...(entry.css ?? [])].map((file) => readFileSync(join(ASSETS, '..', file), 'utf8')).join('\n');
    const pageOnly = {
      'the JSON-LD builders of /, the lists and /vis (structured-data.ts)': 'https://schema.org',
      "the search's place matching (place-match.ts)": 'kbhvn',
      "the dwelling page's contact panel and its styles (dwelling-detail.module.css)": 'fairRent_below',
      // Issue 33: the support desk is loaded behind its gate only (features/admin/admin-entry.tsx).
      "the support desk's texts (features/admin/admin-texts.ts)": 'Supportskrivebord',
    };
    expect(Object.entries(pageOnly).filter(([, marker]) => shell.includes(marker)).map(([what]) => what)).toEqual([]);
  });

  // docs/decisions/0034: an island's server HTML is painted before (or without) its chunk, so its
  // styles must come with the shell's stylesheet, not with the chunk's.
  it("has the islands' styles in the shell's stylesheet", () => {
    const manifest = JSON.parse(readFileSync(join(ASSETS, '../.vite/manifest.json'), 'utf8')) as Record<string, { file: string; css?: string[]; imports?: string[] }>;
    const closure = (key: string, seen = new Set<string>()): Set<string> => {
      if (seen.has(key) || !manifest[key]) return seen;
      seen.add(key);
      for (const next of manifest[key].imports ?? []) closure(next, seen);
      return seen;
    };
    const shell = closure('index.html');
    const islands = ['src/app/layout/footer.tsx', 'src/app/layout/guest-menu.tsx', 'src/features/dwellings/components/last-viewed-banner.tsx'];
    const ownStyles = islands.flatMap((island) => [...closure(island)].filter((key) => !shell.has(key)).flatMap((key) => (manifest[key]!.css ?? []).map((css) => `${island}: ${css}`)));
    expect(ownStyles).toEqual([]);
  });
});
