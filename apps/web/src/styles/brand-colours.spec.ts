import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BRAND_COLOURS, BRAND_CSS_PROPERTIES } from '@husly/domain';

// The mails take the site's colours from libs/domain; the stylesheet must say the same.
describe('brand colours', () => {
  const css = readFileSync(join(__dirname, 'global.css'), 'utf8');
  it.each(Object.entries(BRAND_CSS_PROPERTIES))('%s is the same in global.css and in the mails', (key, property) => {
    const declared = new RegExp(`${property}:\\s*(#[0-9a-fA-F]{6})\\s*;`).exec(css)?.[1];
    expect(declared?.toLowerCase()).toBe(BRAND_COLOURS[key as keyof typeof BRAND_COLOURS]);
  });
});
