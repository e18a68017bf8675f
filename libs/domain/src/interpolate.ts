// Fills {name} placeholders of a text: the browser's translator and every validator's message use it,
// so it stands apart from the error catalogue's texts, which only some pages need.

/** Replaces {name} placeholders; unknown placeholders stay as they are. */
export function interpolate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
