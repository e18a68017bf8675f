import escapeHtml from 'escape-html';

/**
 * One chunk of Vite's build manifest (dist/web/.vite/manifest.json, `build.manifest` of the client
 * build): keyed by source path (`src/features/cities/pages/city-page.tsx`), or `_name-hash.js` for a chunk of
 * shared code, or `index.html` for the entry.
 */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  /** Keys of the chunks it imports statically: loaded with it. */
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type BuildManifest = Record<string, ManifestChunk>;

/**
 * The chunk of `key` after the chunks it imports, each once (`seen` carries over between calls): an
 * imported chunk's CSS comes before its importer's, as Vite orders the entry's.
 */
function walk(manifest: BuildManifest, key: string, seen: Set<string>, out: ManifestChunk[]): void {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return;
  seen.add(key);
  for (const imported of chunk.imports ?? []) walk(manifest, imported, seen, out);
  out.push(chunk);
}

/**
 * The `<link>` tags that fetch the chunks and styles of a rendered page's lazy routes with the
 * entry, not after it (docs/decisions/0022-route-code-splitting.md): `modulepreload` for each
 * route module's chunk and the chunks it imports, `stylesheet` for their CSS (before first paint,
 * so nothing shifts or flashes unstyled). What the template already loads (the entry and its
 * imports, whose tags Vite wrote) is left out, and so is a module the manifest does not know.
 * Like Vite's own tags: root-relative URLs, `crossorigin`, no nonce (the policy allows 'self').
 */
export function pageAssetTags(manifest: BuildManifest, pages: readonly string[]): string[] {
  const seen = new Set<string>();
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const loaded: ManifestChunk[] = [];
  if (entry) walk(manifest, entry, seen, loaded);
  const entryCss = new Set(loaded.flatMap((chunk) => chunk.css ?? []));
  const chunks: ManifestChunk[] = [];
  for (const page of pages) walk(manifest, page, seen, chunks);
  const css = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))].filter((file) => !entryCss.has(file));
  return [
    ...css.map((file) => `<link rel="stylesheet" crossorigin href="/${escapeHtml(file)}">`),
    ...chunks.map((chunk) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(chunk.file)}">`),
  ];
}
