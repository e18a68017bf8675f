import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** Vite's manifest of the client build: each source module's chunk (docs/decisions/0022, 0034). */
const manifest = JSON.parse(readFileSync(resolve(__dirname, '../../../../dist/web/.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;

/** The URL path of the chunk that holds `module` (a path from apps/web): chunks are named by hash alone. */
export function chunk(module: string): string {
  const file = manifest[module]?.file;
  if (!file) throw new Error(`${module} is not in the build manifest`);
  return `/${file}`;
}
