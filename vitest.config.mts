import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './tools/longest-first-sequencer.mts';

// One run, every project: pure libs, the API against the real PostgreSQL and Redis,
// the web components in jsdom, and the browser journeys in Chromium.
export default defineConfig({
  test: {
    projects: ['libs/domain', 'libs/contracts', 'apps/api', 'apps/web', 'apps/web-e2e'],
    reporters: ['default', './tools/summary-reporter.mts'],
    sequence: { sequencer: LongestFirstSequencer },
  },
});
