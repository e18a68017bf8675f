import { defineConfig } from 'vitest/config';
import swc from 'unplugin-swc';
import { fileURLToPath } from 'node:url';

const root = (p: string) => fileURLToPath(new URL(`../../${p}`, import.meta.url));

// SWC rather than esbuild: NestJS dependency injection needs emitted decorator metadata.
export default defineConfig({
  plugins: [swc.vite({ module: { type: 'es6' }, jsc: { target: 'es2022' } })],
  resolve: {
    alias: {
      '@husly/domain': root('libs/domain/src/index.ts'),
      // Before '@husly/contracts', which would otherwise take '@husly/contracts/browser' as a path inside it.
      '@husly/contracts/browser': root('libs/contracts/src/browser/index.ts'),
      '@husly/contracts': root('libs/contracts/src/index.ts'),
    },
  },
  test: {
    name: 'api',
    root: root(''),
    environment: 'node',
    include: ['apps/api/src/**/*.spec.ts', 'apps/api/src/**/*.e2e-spec.ts', 'prisma/**/*.spec.ts', 'prisma/**/*.e2e-spec.ts'],
    globalSetup: ['apps/api/test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll gives up after 1 s by default: too short for a request under load.
    expect: { poll: { timeout: 20_000 } },
    // Each file gets its own fresh data through factories, but they share one throwaway database.
    fileParallelism: true,
    maxWorkers: 2,
    // A worker runs its files one after another in one module graph: isolated, every file spawned a
    // process and imported Nest, Prisma and the app again (24 of the files: 208 s of CPU isolated,
    // 89 s shared). The files share no state through modules: each builds its app (createTestApp)
    // and closes it, and none mocks a module or leaves fake timers on (docs/decisions/0051).
    isolate: false,
    // Its own group: the database tests run after the fast pure ones, with their own worker count.
    sequence: { groupOrder: 1 },
  },
});
