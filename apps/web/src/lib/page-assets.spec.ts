import { describe, expect, it } from 'vitest';
import { pageAssetTags, type BuildManifest } from './page-assets';

/** The shape of Vite's manifest: an entry, two pages sharing a chunk, and a page of a different part of the site. */
const MANIFEST: BuildManifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_vendor-1.js'], css: ['assets/index-1.css'], dynamicImports: ['src/city.tsx', 'src/search.tsx', 'src/login.tsx'] },
  '_vendor-1.js': { file: 'assets/vendor-1.js' },
  '_list-1.js': { file: 'assets/list-1.js', imports: ['_vendor-1.js', 'index.html'], css: ['assets/list-1.css'] },
  'src/city.tsx': { file: 'assets/city-1.js', isDynamicEntry: true, imports: ['_list-1.js', 'index.html'], css: ['assets/city-1.css'] },
  'src/search.tsx': { file: 'assets/search-1.js', isDynamicEntry: true, imports: ['_list-1.js', '_vendor-1.js'] },
  'src/login.tsx': { file: 'assets/login-1.js', isDynamicEntry: true, imports: ['index.html'], css: ['assets/index-1.css'] },
};

describe('pageAssetTags', () => {
  it("preloads a page's chunk and the chunks it imports, styles first, imported chunks before their importer", () => {
    expect(pageAssetTags(MANIFEST, ['src/city.tsx'])).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/list-1.css">',
      '<link rel="stylesheet" crossorigin href="/assets/city-1.css">',
      '<link rel="modulepreload" crossorigin href="/assets/list-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/city-1.js">',
    ]);
  });

  it('leaves out what the template already loads (the entry, its imports and its CSS), and names a shared chunk once', () => {
    const tags = pageAssetTags(MANIFEST, ['src/search.tsx', 'src/city.tsx', 'src/login.tsx']);
    expect(tags.join('\n')).not.toMatch(/index-1|vendor-1/);
    expect(tags.filter((tag) => tag.includes('list-1.js'))).toHaveLength(1);
    expect(tags).toContain('<link rel="modulepreload" crossorigin href="/assets/login-1.js">');
  });

  it('gives nothing for a page the manifest does not know (no client build of it), or none', () => {
    expect(pageAssetTags(MANIFEST, ['src/elsewhere.tsx'])).toEqual([]);
    expect(pageAssetTags(MANIFEST, [])).toEqual([]);
  });

  it('escapes a file name into the attribute', () => {
    expect(pageAssetTags({ 'src/a.tsx': { file: 'assets/a"b.js' } }, ['src/a.tsx'])).toEqual(['<link rel="modulepreload" crossorigin href="/assets/a&quot;b.js">']);
  });
});
