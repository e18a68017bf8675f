// Lint that catches bugs, not style: floating promises, non-exhaustive switches, hook misuse, and
// the dependency rules between projects (domain depends on nothing; web never imports the API) and
// between the API's features; and kebab-case file names, so a name is found by one spelling.
import nx from '@nx/eslint-plugin';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Feature boundaries in the API (docs/decisions/0060-feature-boundaries.md). Each folder of
// apps/api/src is a feature, except the shared code (common/, infra/, config/) and the entry points
// (cli/ and the root files, which compose features). Another feature may import only a feature's
// root *.module.ts and *.service.ts: its sub-folders and its other files are its own. Shared code
// imports no feature. Tests may reach anywhere. The rule reads the import as written, and how many
// "../" reach apps/api/src depends on how deep the importing file sits: one block per depth.
const API_SHARED = ['common', 'infra', 'config'];
const TESTS = ['**/*.spec.ts', '**/*.e2e-spec.ts'];
const ADR = 'docs/decisions/0060-feature-boundaries.md';

function apiBoundaries(depth) {
  const up = String.raw`\.\./`.repeat(depth);
  const feature = `(?!(?:${API_SHARED.join('|')})/)[a-z0-9-]+/`;
  const publicFile = String.raw`[a-z0-9.-]+\.(?:module|service)$`;
  const folders = '*/'.repeat(depth - 1);
  return [
    {
      files: [`apps/api/src/*/${folders}*.ts`],
      ignores: [...TESTS, ...API_SHARED.map((dir) => `apps/api/src/${dir}/**`), 'apps/api/src/cli/**'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: `^${up}${feature}(?!${publicFile})`,
                message: `Another feature's internals: import its module or a service at its root, or move what both need to common/ or infra/ (${ADR}).`,
              },
            ],
          },
        ],
      },
    },
    {
      files: API_SHARED.map((dir) => `apps/api/src/${dir}/${folders}*.ts`),
      ignores: TESTS,
      rules: {
        'no-restricted-imports': [
          'error',
          { patterns: [{ regex: `^${up}${feature}`, message: `Shared code imports no feature: take what it needs as a parameter or an interface (${ADR}).` }] },
        ],
      },
    },
  ];
}

// Feature boundaries in the web app (docs/decisions/0060-feature-boundaries.md, "The web app"). Each
// folder of apps/web/src/features is a feature, and its public surface is the modules listed here:
// another feature, app/ and the entries (entry-*.tsx, browser-app.tsx) may import those and nothing
// else of it. lib/ and components/ are shared and import no feature. Tests may reach anywhere. A
// list, not index.ts barrels: importing a barrel runs every module it re-exports, which reordered
// the shell's stylesheet. Paths are from the feature's folder, without extension. The profile-*-tab
// modules are found by name by the profile's tab slots (accounts/components/feature-slots.tsx).
export const WEB_PUBLIC = {
  accounts: [
    'accounts-routes',
    'components/login-form',
    'components/user-avatar',
    'components/user-menu-island',
    'language-handoff',
    'navigation',
    'session-store',
    'use-account',
  ],
  admin: ['admin-routes'],
  alerts: ['site-alerts-slot'],
  boligagent: [
    'boligagent-routes',
    'components/boligagent-area-signup',
    'components/boligagent-notification-logger',
    'components/boligagent-signup-block',
    'components/boligagent-signup-modal-slot',
    'profile-boligagent-tab',
    'use-boligagent-auto-adjust',
  ],
  cities: ['areas-api', 'areas-store', 'cities-route', 'city-route', 'city-selectors', 'components/city-chips', 'use-areas'],
  dwellings: [
    'card-data',
    'components/contact-panel',
    'components/dwelling-list',
    'components/last-viewed-banner-slot',
    'components/pagination',
    'contact-state',
    'dwelling-route',
    'dwellings-api',
    'last-viewed',
  ],
  favourites: ['favourite-button', 'profile-favourites-tab'],
  home: ['home-route'],
  info: ['info-routes'],
  privacy: ['consent-store', 'cookie-banner', 'cookie-settings-button', 'cookie-table', 'use-remembered-search', 'visitor-cookies'],
  search: ['components/filter-panel', 'components/hero-search', 'components/search-form', 'components/view-switch', 'search-params', 'search-route', 'search-view'],
  'search-map': ['components/search-map-slot'],
  subscriptions: ['components/switch-plan-dialog', 'components/terms-content', 'format', 'profile-subscription-tab', 'purchase-welcome'],
  'tenant-ad': ['profile-tenant-tab', 'tenant-ad-routes'],
  unsubscribe: ['components/found-home-notice', 'unsubscribe-routes'],
};
const WEB_SHARED = ['lib', 'components'];
const WEB_TESTS = ['**/*.spec.ts', '**/*.spec.tsx', 'apps/web/src/test/**'];
const webPublic = `(?:${Object.entries(WEB_PUBLIC)
  .map(([feature, modules]) => `${feature}/(?:${modules.join('|')})`)
  .join('|')})$`;
const webFiles = (folder) => [`apps/web/src/${folder}*.ts`, `apps/web/src/${folder}*.tsx`];
const WEB_MESSAGE = `Another feature's internals: import a module of its public surface (WEB_PUBLIC in eslint.config.mjs), or list one there that is meant for others (${ADR}).`;

/** The blocks for files `depth` folders below apps/web/src (0: the entries, beside app/ and features/). */
function webBoundaries(depth) {
  const up = depth === 0 ? String.raw`\./` : String.raw`\.\./`.repeat(depth);
  const restrict = (files, regex, message) => ({
    files,
    ignores: WEB_TESTS,
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex, message }] }] },
  });
  const blocks = [];
  // A feature's file: `depth - 1` "../" lead to features/ (one more and "features/" is the way round).
  if (depth >= 2) {
    const toFeatures = String.raw`\.\./`.repeat(depth - 1) + String.raw`(?:\.\./features/)?`;
    blocks.push(restrict(webFiles(`features/${'*/'.repeat(depth - 1)}`), `^${toFeatures}(?!${webPublic})[a-z0-9-]+/`, WEB_MESSAGE));
  }
  // The shell composes features through their public surfaces.
  blocks.push(restrict(depth === 0 ? webFiles('') : webFiles(`app/${'*/'.repeat(depth - 1)}`), `^${up}features/(?!${webPublic})`, WEB_MESSAGE));
  if (depth >= 1) {
    blocks.push(
      restrict(
        WEB_SHARED.flatMap((dir) => webFiles(`${dir}/${'*/'.repeat(depth - 1)}`)),
        `^${up}features/`,
        `Shared code imports no feature: take what it needs as a parameter, or move it into the feature (${ADR}).`,
      ),
    );
  }
  return blocks;
}

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/var/**', '**/node_modules/**', '**/.nx/**', 'apps/api/src/infra/prisma/generated/**', '**/*.mjs', '**/*.config.mts'],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mts'],
    plugins: { '@nx': nx },
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['prisma.config.ts', 'tools/*.mts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@nx/enforce-module-boundaries': [
        'error',
        {
          allow: [],
          depConstraints: [
            { sourceTag: 'scope:domain', onlyDependOnLibsWithTags: ['scope:domain'] },
            { sourceTag: 'scope:contracts', onlyDependOnLibsWithTags: ['scope:domain', 'scope:contracts'] },
            { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:domain', 'scope:contracts'] },
            { sourceTag: 'scope:api', onlyDependOnLibsWithTags: ['scope:domain', 'scope:contracts'] },
            { sourceTag: 'scope:e2e', onlyDependOnLibsWithTags: ['scope:domain', 'scope:contracts', 'scope:api', 'scope:web'] },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.tsx', 'apps/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // A form says how it submits. Before the page hydrates, or when its script fails, the browser
    // submits it itself, and a form without a method sends its fields in the URL (GET): a password
    // or an address would land in history, logs and Referer headers. Script-handled forms say
    // method="post" (the server answers a POST to a page with a 303 back to it); a search says "get".
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/*.spec.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name='form']:not(:has(JSXAttribute[name.name='method']))",
          message: 'Give the form a method: "post" for one a script handles, "get" for a search.',
        },
      ],
    },
  },
  {
    // No zod in the browser (issue 16, docs/decisions/0021-zod-free-browser-contracts.md): the web
    // takes run-time values of the contracts from their zod-free entry only. A type-only import of
    // @husly/contracts (`import type`, or every name marked `type`) is erased and stays allowed.
    // Tests never reach the bundle and may use anything.
    files: ['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
    ignores: ['**/*.spec.ts', '**/*.spec.tsx', 'apps/web/src/test/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@husly/contracts',
              allowTypeImports: true,
              message: 'Its schemas bring zod into the browser: import values from @husly/contracts/browser, and types with `import type`.',
            },
          ],
          patterns: [{ group: ['zod', 'zod/*'], message: 'No zod in the browser: use the zod-free checks of @husly/contracts/browser.' }],
        },
      ],
    },
  },
  {
    // What the browser imports must stay zod-free: @husly/contracts/browser (types of its zod
    // siblings only, which are erased) and @husly/domain.
    files: ['libs/contracts/src/browser/**/*.ts', 'libs/domain/src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['zod', 'zod/*'], message: 'The browser imports this code: it must not import zod.' },
            { group: ['../*', '@husly/contracts'], allowTypeImports: true, message: 'The zod schemas of the contracts: import their types only (`import type`).' },
          ],
        },
      ],
    },
  },
  ...[1, 2, 3, 4, 5].flatMap(apiBoundaries),
  ...[0, 1, 2, 3, 4, 5].flatMap(webBoundaries),
  {
    // kebab-case file and folder names (docs/decisions/0060-feature-boundaries.md); a role suffix such
    // as .service or .e2e-spec is not part of the name. React components keep PascalCase names
    // inside kebab-case files.
    files: ['**/*.ts', '**/*.tsx', '**/*.mts'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx,mts}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { '{apps,libs,tools,prisma}/**/': 'KEBAB_CASE' }],
    },
  },
  {
    // Test support may reach across projects (the browser tests reuse the API's scratch database helper).
    // The API's entry points run the seed, which lives with the schema in prisma/ (no Nx project of its own).
    files: ['**/*.spec.ts', '**/*.spec.tsx', '**/*.e2e-spec.ts', 'apps/*/test/**', 'apps/web-e2e/**', 'prisma/seed/**', 'apps/api/src/main.ts', 'apps/api/src/cli/seed.command.ts'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
);
