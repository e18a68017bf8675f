import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const fromRoot = (p: string) => fileURLToPath(new URL(`../../${p}`, import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@husly/domain': fromRoot('libs/domain/src/index.ts'),
      // Before '@husly/contracts', which would otherwise take '@husly/contracts/browser' as a path inside it.
      '@husly/contracts/browser': fromRoot('libs/contracts/src/browser/index.ts'),
      '@husly/contracts': fromRoot('libs/contracts/src/index.ts'),
    },
  },
  test: {
    name: 'web',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'jsdom',
    include: ['src/**/*.spec.ts', 'src/**/*.spec.tsx'],
    setupFiles: ['src/test/setup.ts'],
    // Limits that only a hung test reaches: a test waits for what it checks (findBy…/waitFor), and
    // on a loaded 2-core machine a journey of a few renders and HTTP round trips takes well over
    // Vitest's default 5 s (issue 12 §7). findBy…/waitFor give up earlier (src/test/setup.ts), so
    // a real failure names the element it waited for rather than the test's timeout.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // expect.poll gives up after 1 s by default: too short for a request under load.
    expect: { poll: { timeout: 20_000 } },
    // Vitest's default on 2 cores is one worker; each file's own jsdom and imports (about 3 s of a
    // file's 3.5) leave a core idle half the time. Measured here: 1 worker 171 s, 2 115 s, 3 104 s,
    // 4 126 s. Files stay isolated: shared jsdom documents leaked cookies, head tags and stores.
    maxWorkers: 3,
  },
});
