import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import sharp from 'sharp';
import type { PrismaService } from '../../infra/prisma/prisma.service';
import { derivedColumnsData } from '../derived-columns';
import { dwellingChangeOf, type DwellingChangeKind } from './dwelling-change';
import { dwellingMediaDir } from '../media.controller';
import { feedImportCounts, feedImportSource, startFeedImport } from './feed-import-record';
import {
  cityProblem,
  contentHash,
  FeedError,
  mapRow,
  planImport,
  readFeed,
  validateFeed,
  type ImportPlan,
  type MappedDwelling,
  type MappedLandlord,
  type ZipCity,
} from './feed-row';

// Sizes as the demo images (prisma/seed/demo-images.ts): the full image fits 1024x768, the blurred
// derivative for visitors is 320x240 with blur 25. Both under fresh random keys.
const FULL = { width: 1024, height: 768, quality: 80 };
const BLURRED = { width: 320, height: 240, blur: 25, quality: 70 };

export interface ImportOptions {
  file: string;
  /** Which landlord system the feed comes from; default: the file name without extension. */
  source?: string;
  /** A full feed: the source's dwellings missing from it are marked rented. */
  full?: boolean;
  dataDir: string;
  now: Date;
}

export interface ImportResult {
  source: string;
  created: number;
  /** Ids of the dwellings this import created: instant boligagents are mailed about them. */
  createdIds: number[];
  /** Ids of the dwelling_changes rows it recorded (rent drops, back on the market, rented, reserved): change alerts, ADR 0062. */
  changeIds: number[];
  updated: number;
  unchanged: number;
  rented: number;
  imagesWritten: number;
}

interface PreparedRow {
  row: number;
  dwelling: MappedDwelling;
  landlord: MappedLandlord;
  hash: string;
  images: Array<{ path: string; checksum: string; bytes: Buffer }>;
}

/**
 * Imports one feed file: validates every row first (any bad row: FeedError listing each with its row
 * number, nothing applied), then writes new image files, then applies every change in one
 * transaction. Unchanged rows (same content hash) are not touched at all.
 */
export async function importDwellingFeed(prisma: PrismaService, options: ImportOptions): Promise<ImportResult> {
  const startedAt = performance.now();
  // The import's clock: its `now`, moved on by the time the import has taken so far.
  const elapsedNow = () => new Date(options.now.getTime() + (performance.now() - startedAt));
  // One feed_imports row per run, for support: started now, ended with the counts or the failure.
  const record = await startFeedImport(prisma, feedImportSource(options.file), options.now);
  try {
    const result = await importFeed(prisma, options, elapsedNow);
    await record.finished(elapsedNow(), feedImportCounts(result));
    return result;
  } catch (error) {
    await record.failed(elapsedNow(), error);
    throw error;
  }
}

async function importFeed(prisma: PrismaService, options: ImportOptions, elapsedNow: () => Date): Promise<ImportResult> {
  const source = options.source ?? basename(options.file, extname(options.file));
  const feed = readFeed(await readFile(options.file, 'utf8'), options.file);
  const { rows, errors } = validateFeed(feed, dirname(options.file));

  // Cities by zip (with what a feed may call them), and the images (readable and decodable) of the
  // rows that passed the schema.
  const zips = await prisma.postalCode.findMany({
    where: { zip: { in: [...new Set(rows.map((r) => r.data.zip))] } },
    select: { zip: true, name: true, cityId: true, city: { select: { slug: true, label: true, aliases: { where: { kind: 'NAME' }, select: { alias: true } } } } },
  });
  const cityByZip = new Map(zips.map((z) => [z.zip, z.cityId]));
  const zipCities = new Map<string, ZipCity>(
    zips.map((z) => [z.zip, { slug: z.city.slug, label: z.city.label, names: [z.name, ...z.city.aliases.map((a) => a.alias)] }]),
  );
  const prepared: PreparedRow[] = [];
  for (const row of rows) {
    const rowErrors: string[] = [];
    if (!cityByZip.has(row.data.zip)) rowErrors.push(`row ${row.row}: zip: ${row.data.zip} is not a known postal code`);
    // A city that is not the zip's city means one of the two is wrong: listing the dwelling in the
    // zip's city could show it to the wrong searchers, so the row is refused like any bad row.
    const cityError = cityProblem(row.row, row.data.city, row.data.zip, zipCities.get(row.data.zip));
    if (cityError) rowErrors.push(cityError);
    const images: PreparedRow['images'] = [];
    for (const [i, path] of row.imagePaths.entries()) {
      try {
        const bytes = await readFile(path);
        await sharp(bytes).metadata();
        images.push({ path, bytes, checksum: createHash('sha256').update(bytes).digest('hex') });
      } catch (error) {
        rowErrors.push(`row ${row.row}: images.${i}: cannot read an image at ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
      }
    }
    if (rowErrors.length) {
      errors.push(...rowErrors);
      continue;
    }
    const mapped = mapRow(row.data, source);
    prepared.push({ row: row.row, ...mapped, hash: contentHash(mapped, images.map((i) => i.checksum)), images });
  }

  const existing = await prisma.dwelling.findMany({
    where: { OR: [{ externalId: { in: prepared.map((p) => p.dwelling.externalId) } }, ...(options.full ? [{ source }] : [])] },
    select: { id: true, externalId: true, source: true, contentHash: true, deletedAt: true, createdAt: true },
  });
  const plan = planImport(
    source,
    prepared.map((p) => ({ row: p.row, externalId: p.dwelling.externalId, hash: p.hash })),
    existing.map((e) => ({ externalId: e.externalId as string, source: e.source, contentHash: e.contentHash, deletedAt: e.deletedAt })),
    options.full ?? false,
  );
  errors.push(...plan.conflicts);
  if (errors.length) throw new FeedError(errors.sort(byRowNumber));

  return apply(prisma, options, source, prepared, plan, existing, elapsedNow);
}

async function apply(
  prisma: PrismaService,
  options: ImportOptions,
  source: string,
  prepared: PreparedRow[],
  plan: ImportPlan,
  existing: Array<{ id: number; externalId: string | null; createdAt: Date }>,
  elapsedNow: () => Date,
): Promise<ImportResult> {
  const changed = new Set([...plan.create, ...plan.update]);
  const toWrite = prepared.filter((p) => changed.has(p.dwelling.externalId));
  const ids = new Map(existing.map((e) => [e.externalId as string, e.id]));
  const listedAtOf = new Map(existing.map((e) => [e.externalId as string, e.createdAt]));
  const currentImages = await prisma.dwellingImage.findMany({
    where: { dwellingId: { in: toWrite.map((p) => ids.get(p.dwelling.externalId)).filter((id): id is number => id !== undefined) } },
  });
  const imagesOf = new Map<number, typeof currentImages>();
  for (const image of currentImages) imagesOf.set(image.dwellingId, [...(imagesOf.get(image.dwellingId) ?? []), image]);

  // Image files first (new keys, so nothing visible changes until the transaction commits).
  const mediaDir = dwellingMediaDir(options.dataDir);
  await mkdir(mediaDir, { recursive: true });
  const written: string[] = [];
  const createdIds: number[] = [];
  const changeIds: number[] = [];
  const replacedFiles: string[] = [];
  type ImageRow = { position: number; fullKey: string; blurredKey: string; width: number; height: number; source: string; checksum: string };
  const newImages = new Map<string, Array<ImageRow | { keep: number }>>();
  try {
    for (const p of toWrite) {
      const id = ids.get(p.dwelling.externalId);
      const old = id === undefined ? [] : (imagesOf.get(id) ?? []);
      const list: Array<ImageRow | { keep: number }> = [];
      for (const [position, image] of p.images.entries()) {
        const same = old.find((o) => o.position === position && o.checksum === image.checksum);
        if (same) {
          list.push({ keep: same.id });
          continue;
        }
        const full = await sharp(image.bytes).rotate().resize(FULL.width, FULL.height, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: FULL.quality, mozjpeg: true }).toBuffer({ resolveWithObject: true });
        const blurred = await sharp(full.data).resize(BLURRED.width, BLURRED.height).blur(BLURRED.blur).jpeg({ quality: BLURRED.quality, mozjpeg: true }).toBuffer();
        const fullKey = randomBytes(16).toString('hex');
        const blurredKey = randomBytes(16).toString('hex');
        for (const [key, bytes] of [[fullKey, full.data], [blurredKey, blurred]] as const) {
          const path = join(mediaDir, `${key}.jpg`);
          await writeFile(path, bytes);
          written.push(path);
        }
        list.push({ position, fullKey, blurredKey, width: full.info.width, height: full.info.height, source: image.path, checksum: image.checksum });
      }
      const kept = new Set(list.flatMap((i) => ('keep' in i ? [i.keep] : [])));
      for (const o of old) if (!kept.has(o.id)) replacedFiles.push(join(mediaDir, `${o.fullKey}.jpg`), join(mediaDir, `${o.blurredKey}.jpg`));
      newImages.set(p.dwelling.externalId, list);
    }

    await prisma.$transaction(
      async (tx) => {
        const landlordIds = new Map<string, number>();
        for (const p of toWrite) {
          if (landlordIds.has(p.landlord.externalId)) continue;
          const { externalId, ...fields } = p.landlord;
          const landlord = await tx.landlord.upsert({ where: { externalId }, create: { externalId, ...fields }, update: fields, select: { id: true } });
          landlordIds.set(externalId, landlord.id);
        }
        const cities = new Map(
          (await tx.postalCode.findMany({ where: { zip: { in: toWrite.map((p) => p.dwelling.zip) } }, select: { zip: true, cityId: true } })).map((z) => [z.zip, z.cityId]),
        );
        // Change alerts (ADR 0062): the rows this import updates, locked and read as they are now.
        // A second import racing this one waits here and then compares with what this one wrote.
        const before = await lockedStates(tx, toWrite.map((p) => ids.get(p.dwelling.externalId)).filter((id): id is number => id !== undefined));
        const changes: Array<{ dwellingId: number; kind: DwellingChangeKind; oldRent: number; newRent: number; priorUpdatedAt: Date }> = [];
        for (const p of toWrite) {
          const data = {
            ...p.dwelling,
            source,
            cityId: cities.get(p.dwelling.zip) as number,
            landlordId: landlordIds.get(p.landlord.externalId) as number,
            contentHash: p.hash,
            deletedAt: null,
          };
          const id = ids.get(p.dwelling.externalId);
          // The search columns (docs/decisions/0013): a new dwelling is listed now; an updated one
          // keeps the day it was listed ("Snarest" is that day, an until-date counts from it).
          const listedAt = listedAtOf.get(p.dwelling.externalId) ?? options.now;
          const withColumns = { ...data, ...derivedColumnsData(p.dwelling, listedAt) };
          const dwelling = id === undefined
            ? await tx.dwelling.create({ data: { ...withColumns, createdAt: options.now }, select: { id: true } })
            : await tx.dwelling.update({ where: { id }, data: withColumns, select: { id: true } });
          if (id === undefined) createdIds.push(dwelling.id);
          const prior = id === undefined ? undefined : before.get(id);
          const kind = prior && dwellingChangeOf(prior, { rent: p.dwelling.rent, status: p.dwelling.status, deletedAt: null });
          if (prior && kind) changes.push({ dwellingId: dwelling.id, kind, oldRent: prior.rent, newRent: p.dwelling.rent, priorUpdatedAt: prior.updatedAt });
          const list = newImages.get(p.dwelling.externalId) ?? [];
          const keep = list.flatMap((i) => ('keep' in i ? [i.keep] : []));
          await tx.dwellingImage.deleteMany({ where: { dwellingId: dwelling.id, id: { notIn: keep } } });
          const fresh = list.filter((i): i is ImageRow => !('keep' in i));
          if (fresh.length) await tx.dwellingImage.createMany({ data: fresh.map((i) => ({ ...i, dwellingId: dwelling.id })) });
        }
        if (plan.rent.length) {
          // Rented (a full feed without them): locked and read first, as the updated rows are, so a
          // racing import waits and then finds them rented already (and records nothing more).
          const renting = await lockedStatesWhere(tx, source, plan.rent);
          await tx.dwelling.updateMany({ where: { id: { in: renting.map((r) => r.id) } }, data: { deletedAt: options.now } });
          for (const prior of renting) {
            if (dwellingChangeOf(prior, { ...prior, deletedAt: options.now }) !== 'RENTED') continue;
            changes.push({ dwellingId: prior.id, kind: 'RENTED', oldRent: prior.rent, newRent: prior.rent, priorUpdatedAt: prior.updatedAt });
          }
        }
        // New dwellings are dated just before the commit, not when the import began: images and a
        // large transaction take minutes, and the boligagent's nightly window (created_at up to a
        // minute before the run) must not have passed a dwelling by before it became visible (ADR 0006).
        if (createdIds.length) {
          await tx.dwelling.updateMany({ where: { id: { in: createdIds } }, data: { createdAt: elapsedNow() } });
        }
        // Recorded with the writes: a rolled-back import records nothing, a retried one finds the new
        // state and records nothing more; the key (dwelling, kind, prior updated_at) keeps one row per change.
        if (changes.length) {
          const at = elapsedNow();
          const recorded = await tx.dwellingChange.createManyAndReturn({ data: changes.map((c) => ({ ...c, createdAt: at })), skipDuplicates: true, select: { id: true } });
          changeIds.push(...recorded.map((r) => r.id));
        }
      },
      { timeout: 10 * 60_000, maxWait: 30_000 },
    );
  } catch (error) {
    await Promise.all(written.map((path) => rm(path, { force: true })));
    throw error;
  }
  // Only after the commit: files of images that no row refers to any more.
  await Promise.all(replacedFiles.map((path) => rm(path, { force: true })));
  return {
    source,
    created: plan.create.length,
    createdIds,
    changeIds,
    updated: plan.update.length,
    unchanged: plan.unchanged.length,
    rented: plan.rent.length,
    imagesWritten: written.length / 2,
  };
}

/** The rows an import is about to update, locked until it commits, with what a change compares. */
async function lockedStates(tx: Pick<PrismaService, '$queryRaw'>, ids: number[]) {
  if (ids.length === 0) return new Map<number, { rent: number; status: number; deletedAt: Date | null; updatedAt: Date }>();
  const rows = await tx.$queryRaw<Array<{ id: number; rent: number; status: number; deletedAt: Date | null; updatedAt: Date }>>`
    SELECT id, rent, status, deleted_at AS "deletedAt", updated_at AS "updatedAt" FROM dwellings WHERE id = ANY(${ids}::int[]) ORDER BY id FOR UPDATE`;
  return new Map(rows.map((r) => [r.id, r]));
}

/** The source's dwellings of `externalIds` that are not rented, locked until the import commits. */
async function lockedStatesWhere(tx: Pick<PrismaService, '$queryRaw'>, source: string, externalIds: string[]) {
  return tx.$queryRaw<Array<{ id: number; rent: number; status: number; deletedAt: Date | null; updatedAt: Date }>>`
    SELECT id, rent, status, deleted_at AS "deletedAt", updated_at AS "updatedAt" FROM dwellings
    WHERE source = ${source} AND external_id = ANY(${externalIds}::text[]) AND deleted_at IS NULL ORDER BY id FOR UPDATE`;
}

const rowNumber = (message: string) => Number(/^row (\d+)/.exec(message)?.[1] ?? 0);
const byRowNumber = (a: string, b: string) => rowNumber(a) - rowNumber(b);
