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
});
