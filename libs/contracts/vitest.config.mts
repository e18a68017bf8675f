import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  resolve: {
    alias: { '@husly/domain': fileURLToPath(new URL('../domain/src/index.ts', import.meta.url)) },
  },
  test: { name: 'contracts', environment: 'node', include: ['src/**/*.spec.ts'] },
});
