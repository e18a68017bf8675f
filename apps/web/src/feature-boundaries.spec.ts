import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';

// The web's feature boundaries (docs/decisions/0060-feature-boundaries.md, "The web app"), as
// eslint.config.mjs sets them, on imports that break them and ones that keep them. Only the blocks
// of that rule run: the config's typed rules would need a TypeScript program for these made-up files.
const root = resolve(__dirname, '../../..');
const linter = new Linter({ cwd: root });
let blocks: Linter.Config[];
let surfaces: Record<string, string[]>;

beforeAll(async () => {
  const config = (await import(pathToFileURL(join(root, 'eslint.config.mjs')).href)) as { default: Linter.Config[]; WEB_PUBLIC: Record<string, string[]> };
  blocks = config.default.filter((block) => block.rules?.['no-restricted-imports'] !== undefined);
  surfaces = config.WEB_PUBLIC;
});

/** The rules that report on `code` as the file at `path` (relative to the repository). */
function reported(path: string, code: string): string[] {
  const parser = { files: ['**/*.ts', '**/*.tsx'], languageOptions: { parser: tseslint.parser } } as Linter.Config;
  return linter.verify(code, [parser, ...blocks], { filename: join(root, path) }).map((message) => message.ruleId ?? message.message);
}

describe('feature boundaries in the web app', () => {
  it.each([
    ["a component in another feature's sub-folder", 'apps/web/src/features/cities/pages/city-page.tsx', "import { ImageCarousel } from '../../dwellings/components/image-carousel';"],
    ["another feature's root file that is not on its surface", 'apps/web/src/features/favourites/favourite-button.tsx', "import { fetchMe } from '../accounts/accounts-api';"],
    ['a type only', 'apps/web/src/features/search/search-route.tsx', "import type { CityPageTexts } from '../cities/city-content';"],
    ['a re-export', 'apps/web/src/features/subscriptions/components/contact-usage.tsx', "export { ContactForm } from '../../info/components/contact-form';"],
    ["another feature's page", 'apps/web/src/features/accounts/pages/profile-pages.tsx', "import { SubscriptionPage } from '../../subscriptions/pages/subscription-page';"],
    ["another feature's stylesheet, beside a public component", 'apps/web/src/features/home/pages/home-page.tsx', "import styles from '../../dwellings/components/dwelling-list.module.css';"],
    ['the way round through features/', 'apps/web/src/features/home/pages/home-page.tsx', "import { SearchLabel } from '../../../features/search/components/search-label';"],
    ['from a sub-folder of a feature', 'apps/web/src/features/info/content/da.tsx', "import { InlineEdit } from '../../accounts/components/inline-edit';"],
    ["the shell importing a feature's internals", 'apps/web/src/app/layout/header.tsx', "import { SearchLabel } from '../../features/search/components/search-label';"],
    ["an entry importing a feature's internals", 'apps/web/src/entry-server.tsx', "import { BreakableAddress } from './features/dwellings/breakable-address';"],
    ["shared code importing even a feature's public module", 'apps/web/src/lib/api-client.ts', "import { getSession } from '../features/accounts/session-store';"],
    ['a shared component importing a feature', 'apps/web/src/components/ui/dialog.tsx', "import { useAccount } from '../../features/accounts/use-account';"],
  ])('refuses %s', (_what, path, code) => {
    expect(reported(path, code)).toEqual(['no-restricted-imports']);
  });

  it.each([
    ["another feature's public component", 'apps/web/src/features/cities/pages/city-page.tsx', "import { DwellingList } from '../../dwellings/components/dwelling-list';"],
    ["another feature's public root module", 'apps/web/src/features/favourites/favourite-button.tsx', "import { loginHref } from '../accounts/navigation';\nimport { getSession } from '../accounts/session-store';"],
    ["the route table taking a feature's routes", 'apps/web/src/app/routes.tsx', "import { accountRoutes } from '../features/accounts/accounts-routes';"],
    ["an entry taking a feature's public module", 'apps/web/src/browser-app.tsx', "import { rememberLanding } from './features/privacy/visitor-cookies';"],
    ["the feature's own internals", 'apps/web/src/features/dwellings/pages/dwelling-page.tsx', "import { ImageCarousel } from '../components/image-carousel';\nimport { toCardData } from '../card-data';"],
    ['shared code from a feature', 'apps/web/src/features/search/components/filter-panel.tsx', "import { Dialog } from '../../../components/ui/dialog';\nimport { useApi } from '../../../lib/api-context';"],
    ["a test reaching another feature's internals", 'apps/web/src/features/tenant-ad/tenant-ad.spec.tsx', "import { fetchMe } from '../accounts/accounts-api';"],
    ['a shared test reaching into a feature', 'apps/web/src/lib/lazy-pages.spec.ts', "import { CityPage } from '../features/cities/pages/city-page';"],
    ['test support', 'apps/web/src/test/render-app.tsx', "import { fetchMe } from '../features/accounts/accounts-api';"],
  ])('lets through %s', (_what, path, code) => {
    expect(reported(path, code)).toEqual([]);
  });

  it('lists on the surfaces only modules that exist, and no page (pages load lazily, through the route table)', () => {
    const listed = Object.entries(surfaces).flatMap(([feature, modules]) => modules.map((module) => `${feature}/${module}`));
    expect(listed.length).toBeGreaterThan(0);
    const missing = listed.filter((module) => !['.ts', '.tsx'].some((ext) => existsSync(join(root, 'apps/web/src/features', `${module}${ext}`))));
    expect(missing).toEqual([]);
    expect(listed.filter((module) => module.split('/')[1] === 'pages')).toEqual([]);
  });

  // What the rule cannot read: a module named in a string. A lazily loaded module of another feature
  // is reached through a slot or island that feature puts on its surface, so its chunk stays its own.
  it('finds no lazy load (import(), lazyPage, import.meta.glob) of another feature that is not on its surface', () => {
    const web = join(root, 'apps/web/src');
    const publicModules = new Set(Object.entries(surfaces).flatMap(([feature, modules]) => modules.map((module) => `${feature}/${module}`)));
    const sources = (readdirSync(web, { recursive: true }) as string[]).filter((file) => /\.tsx?$/.test(file) && !/\.spec\.tsx?$/.test(file) && !file.startsWith('test/'));
    const crossings: string[] = [];
    let named = 0;
    for (const file of sources) {
      const own = /^features\/([^/]+)\//.exec(file)?.[1];
      for (const [, target] of readFileSync(join(web, file), 'utf8').matchAll(/(?:\bimport|\blazyPage|import\.meta\.glob)\(\s*'([^']+)'/g)) {
        // lib/lazy-pages.ts: the page registry globs every feature's pages/ (the route table's lazy pages).
        if (!target.startsWith('.') && !target.startsWith('src/') && !target.startsWith('/src/')) continue;
        if (/[*{]/.test(target)) continue;
        named++;
        const path = relative(web, target.startsWith('.') ? resolve(web, dirname(file), target) : join(root, 'apps/web', target)).replace(/\.tsx?$/, '');
        const feature = /^features\/([^/]+)\//.exec(path)?.[1];
        if (feature && feature !== own && !publicModules.has(path.slice('features/'.length))) crossings.push(`${file}: ${target}`);
      }
    }
    expect(named).toBeGreaterThan(20);
    expect(crossings).toEqual([]);
  });
});
