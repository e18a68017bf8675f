import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { performance } from 'node:perf_hooks';
import type { AreasResponse } from '@husly/contracts';
import { AlertsService } from './alerts/alerts.service';
import { webAppServerOf } from './app';
import type { AppConfig } from './config/app-config';
import { CitiesService } from './dwellings/cities.service';
import { DwellingsService } from './dwellings/dwellings.service';
import { DwellingListMemory } from './dwellings/list/dwelling-list.memory';

/**
 * The longest a web process waits for its warm-up before it listens anyway (what is still loading
 * then goes on in the background): below compose's start period of 90 s for the app's healthcheck.
 */
export const WARM_UP_MAX_MS = 60_000;

/** What the warm-up did, for the start-up lines and the tests. */
export interface WarmUp {
  /** Whether the list snapshot was loaded: false when the load failed, was not done in time, or memory is off. */
  listSnapshot: boolean;
  /** The listable dwellings it holds. */
  dwellings?: number;
  /** The page rendered to load the renderer and the city page's code, and its status (null: no server build, or it failed). */
  page?: { path: string; status: number | null };
  /** Whether it ended within the time it was given. */
  complete: boolean;
  ms: number;
}

/**
 * What a web process (APP_ROLE web or all) reads before it listens (docs/decisions/0068): the list
 * snapshot (~3 s at 1,000,000 dwellings, which the first lists after a restart otherwise read from
 * PostgreSQL, 0.4–1.1 s for a big city's sorted list), the city list and place names, the site
 * alerts, the list version (opening the list reader's pool), and one city page rendered and kept
 * nowhere (the renderer, the city page's modules, the first render's compiling). Every part is cached
 * per process and kept fresh as before; the warm-up only makes the first request find them.
 * Never throws: what fails is logged and read on first use, as without a warm-up, and the load is
 * retried as a list finds it missing. Nothing for a worker.
 */
export async function warmUp(app: NestFastifyApplication, config: AppConfig, options: { maxMs?: number } = {}): Promise<WarmUp | null> {
  if (config.role === 'worker') return null;
  const started = performance.now();
  const logger = new Logger('WarmUp');
  const attempt = async <T>(what: string, work: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await work();
    } catch (error) {
      logger.warn(`${what}: ${String(error)} (read on first use instead)`);
      return undefined;
    }
  };
  const memory = app.get(DwellingListMemory, { strict: false });
  const cities = app.get(CitiesService, { strict: false });
  const alerts = app.get(AlertsService, { strict: false });
  const dwellings = app.get(DwellingsService, { strict: false });

  const result: WarmUp = { listSnapshot: false, complete: false, ms: 0 };
  const work = (async () => {
    const [listSnapshot, areas] = await Promise.all([
      memory.warm(),
      attempt('city list', () => cities.areas()),
      attempt('place names', () => cities.placeNames([])),
      attempt('site alerts', () => alerts.published()),
      attempt('list version', () => dwellings.listVersion()),
    ]);
    result.listSnapshot = listSnapshot;
    result.dwellings = memory.size;
    // After the snapshot: the page's list is then answered as a visitor's will be, from memory.
    const web = webAppServerOf(app);
    const path = areas && web?.serverRendering ? warmUpPath(areas) : undefined;
    if (web && path) result.page = { path, status: (await attempt(`render of ${path}`, () => web.warmUp(path))) ?? null };
    result.complete = true;
  })();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, options.maxMs ?? WARM_UP_MAX_MS)));
  await Promise.race([work, late]);
  clearTimeout(timer);
  result.ms = Math.round(performance.now() - started);
  if (!result.complete) logger.warn(`warm-up not done after ${result.ms} ms: listening, it goes on in the background`);
  return result;
}

/**
 * The page of the active city in the middle by population: it runs the same code as any city page,
 * and in a portal of any size its list is long enough to fill a page as a big city's does (cards,
 * paging, the cards hydrated later), while it is no page many visitors ask for first: no big city's
 * list is in the list page cache merely because the process started.
 */
export function warmUpPath(areas: AreasResponse): string | undefined {
  const active = areas.data.filter((city) => city.active).sort((a, b) => (b.population ?? 0) - (a.population ?? 0) || a.slug.localeCompare(b.slug));
  const middle = active[Math.floor(active.length / 2)];
  return middle && `/${middle.slug}`;
}

/** The start-up line: what was warmed, and in how long. */
export function describeWarmUp(warmed: WarmUp): string {
  const parts = [
    warmed.listSnapshot ? `list snapshot of ${(warmed.dwellings ?? 0).toLocaleString('en')} dwellings` : 'list snapshot NOT loaded (lists read the database until it is)',
    ...(warmed.page ? [`${warmed.page.path} rendered (${warmed.page.status ?? 'failed'})`] : []),
  ];
  return `${parts.join(', ')} in ${warmed.ms} ms${warmed.complete ? '' : ' (not done: goes on in the background)'}`;
}
