// Lint that catches bugs, not style: floating promises, non-exhaustive switches, hook misuse, and
// the dependency rules between projects (domain depends on nothing; web never imports the API).
import nx from '@nx/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
  {
    // Test support may reach across projects (the browser tests reuse the API's scratch database helper).
    // The API's entry points run the seed, which lives with the schema in prisma/ (no Nx project of its own).
    files: ['**/*.spec.ts', '**/*.spec.tsx', '**/*.e2e-spec.ts', 'apps/*/test/**', 'apps/web-e2e/**', 'prisma/seed/**', 'apps/api/src/main.ts', 'apps/api/src/cli/seed.command.ts'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
);
