import { inject } from 'vitest';
import type { Portal } from './global-setup';

/**
 * The portal of this worker (global-setup.ts starts one per worker): journeys that run side by side
 * each have their own, with its own database and mail folder. Vitest numbers the workers of a run
 * 1…maxWorkers (`VITEST_POOL_ID`).
 */
export function thisWorkersPortal(): Portal {
  const portals = inject('portals');
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  return portals[(worker - 1) % portals.length];
}
