import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// Browser journeys: the built portal (npm run build) served by its real process on the real
// PostgreSQL, driven by Debian's Chromium through playwright-core.
export default defineConfig({
  test: {
    name: 'web-e2e',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['src/**/*.e2e-spec.ts'],
    globalSetup: ['src/support/global-setup.ts'],
    // axe on every page a journey visits (docs/decisions/0020-accessibility.md).
    setupFiles: ['src/support/axe-setup.ts'],
    // A hang guard, not a speed limit: axe reads the page after every navigation and before it
    // closes (about 3 s for a list on an idle 2-core machine), and a slow CI machine took a
    // three-page journey past 60 s.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // expect.poll gives up after 1 s by default: too short for a browser or an API call under load.
    expect: { poll: { timeout: 20_000 } },
    // Two journeys side by side, each worker on a portal and database of its own (global-setup.ts):
    // one at a time left a quarter of the 2-core machine idle, waiting on the portal and the browser.
    maxWorkers: 2,
    // Last: the browser journeys start a whole portal process.
    sequence: { groupOrder: 2 },
  },
});
