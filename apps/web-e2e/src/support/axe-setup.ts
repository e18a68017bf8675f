import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { describeFindings, openPages, takeAxeFindings } from './axe';
import { SCREENSHOT_DIR } from './browser';

// A failed test leaves its pages in view: what they showed goes to var/screenshots/failed-*.png.
beforeEach(({ onTestFailed, task }) => {
  onTestFailed(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const name = task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
    await Promise.all(
      openPages().map((page, i) => page.screenshot({ path: join(SCREENSHOT_DIR, `failed-${name}-${i + 1}.png`), fullPage: true }).catch(() => undefined)),
    );
  });
});

// Every journey, also those written without a thought of axe: what axe found on the pages a test
// visited (serious or critical) fails that test.
afterEach(async () => {
  const found = await takeAxeFindings();
  if (found.length > 0) throw new Error(describeFindings(found));
});
