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
    // Test support may reach across projects (the browser tests reuse the API's scratch database helper).
    // The API's entry points run the seed, which lives with the schema in prisma/ (no Nx project of its own).
    files: ['**/*.spec.ts', '**/*.spec.tsx', '**/*.e2e-spec.ts', 'apps/*/test/**', 'apps/web-e2e/**', 'prisma/seed/**', 'apps/api/src/main.ts', 'apps/api/src/cli/seed.command.ts'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
);
