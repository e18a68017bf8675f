import { Logger } from '@nestjs/common';
import { basename } from 'node:path';
import { errorSummary } from '../../common/error-summary';
import type { PrismaService } from '../../infra/prisma/prisma.service';
import { FeedError } from './feed-row';

const logger = new Logger('FeedImports');

/**
 * The feed's name as support sees it (feed_imports.source): a file's name, or a URL without user
 * info, query or fragment, since those are where a feed's credentials or key would sit.
 */
export function feedImportSource(file: string): string {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(file);
  if (!scheme) return basename(file);
  try {
    const url = new URL(file);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return `${scheme[1]}:// (an address that does not parse)`;
  }
}

/** The import's own counts, as a flat { name: number } (every number it reports). */
export function feedImportCounts(result: object): Record<string, number> {
  return Object.fromEntries(Object.entries(result).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
}

/** Why a run failed, in a line: a refused feed says how many problems and the first. */
function failure(error: unknown): string {
  if (error instanceof FeedError) return errorSummary(`nothing imported: ${error.problems.length} problem(s) in the feed, the first: ${error.problems[0] ?? '?'}`);
  return errorSummary(error);
}

export interface FeedImportRecord {
  finished(at: Date, counts: Record<string, number>): Promise<void>;
  failed(at: Date, error: unknown): Promise<void>;
}

/**
 * Starts the feed_imports row of one run. The record never decides the import: a row that cannot
 * be written is a warning in the log, and the import goes on (or fails) as it would without it.
 */
export async function startFeedImport(prisma: PrismaService, source: string, startedAt: Date): Promise<FeedImportRecord> {
  let id: number | null = null;
  try {
    id = (await prisma.feedImport.create({ data: { source, startedAt }, select: { id: true } })).id;
  } catch (error) {
    logger.warn(`feed import of ${source} not recorded: ${errorSummary(error)}`);
  }
  const end = async (data: { finishedAt: Date; counts?: Record<string, number>; error?: string }) => {
    if (id === null) return;
    try {
      await prisma.feedImport.update({ where: { id }, data });
    } catch (error) {
      logger.warn(`feed import ${id} (${source}) ended but its record was not updated: ${errorSummary(error)}`);
    }
  };
  return {
    finished: (finishedAt, counts) => end({ finishedAt, counts }),
    failed: (finishedAt, error) => end({ finishedAt, error: failure(error) }),
  };
}
