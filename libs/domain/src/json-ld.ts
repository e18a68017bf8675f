// JSON-LD as it goes into a page. Apart from the node builders (structured-data.ts): every page's
// browser code writes the page's nodes, only the pages that have them build them (issue 16).

/** One schema.org node as JSON-LD. */
export type JsonLd = { '@context'?: 'https://schema.org'; '@type': string } & Record<string, unknown>;

/**
 * JSON for a `<script type="application/ld+json">` element: `<`, `>` and `&` as \u escapes (so a
 * landlord's headline "</script><script>…" cannot end the element or open a comment), and U+2028/2029
 * escaped too. JSON parsers read it back unchanged.
 */
export function jsonLdText(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
