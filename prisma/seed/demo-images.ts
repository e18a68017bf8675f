import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { createRandom, type Random } from './seeded-random';

// A pool of demo photos drawn locally: simple interior and facade illustrations rendered from SVG
// with sharp, nothing downloaded. Each image has a blurred twin for visitors (spec section 2: images
// are blurred for users who are not logged in). Full and blurred files get separate random keys, so
// the URL of a blurred image never reveals the URL of the sharp one.

export const IMAGE_WIDTH = 1024;
export const IMAGE_HEIGHT = 768;
export const BLURRED_WIDTH = 320;
export const BLURRED_HEIGHT = 240;
const MANIFEST = 'image-pool.json';
const MANIFEST_VERSION = 1;

export type IllustrationKind = 'interior' | 'facade';

export interface ImagePoolEntry {
  /** 0-based; dwellings refer to images by this index. */
  index: number;
  kind: IllustrationKind;
  /** 32 hex characters from crypto.randomBytes(16): the full image's file is `${key}.jpg`. */
  key: string;
  /** A separate random key for the blurred derivative. */
  blurredKey: string;
  /** Absolute paths. */
  full: string;
  blurred: string;
  width: number;
  height: number;
  blurredWidth: number;
  blurredHeight: number;
}

export interface GenerateImagePoolOptions {
  dir: string;
  /** Default 24. */
  count?: number;
  /** Varies colours and furniture; default 2024. Keys are random regardless. */
  seed?: number;
  /** JPEG quality of the full image; default 80. */
  quality?: number;
  /** Regenerate even when the directory already holds a matching pool. */
  force?: boolean;
}

interface Manifest {
  version: number;
  seed: number;
  quality: number;
  entries: Omit<ImagePoolEntry, 'full' | 'blurred'>[];
}

/**
 * Creates the pool under `dir` (or returns the existing one when `dir` already holds at least
 * `count` images made with the same seed and quality) and returns the entries ordered by index.
 */
export async function generateImagePool(options: GenerateImagePoolOptions): Promise<ImagePoolEntry[]> {
  const { dir, count = 24, seed = 2024, quality = 80, force = false } = options;
  if (!Number.isInteger(count) || count < 1) throw new Error(`count must be a positive integer, got ${count}`);
  await mkdir(dir, { recursive: true });
  const withPaths = (e: Manifest['entries'][number]): ImagePoolEntry => ({
    ...e,
    full: join(dir, `${e.key}.jpg`),
    blurred: join(dir, `${e.blurredKey}.jpg`),
  });

  const previous = await readManifest(dir);
  if (previous && !force && previous.seed === seed && previous.quality === quality && previous.entries.length >= count) {
    const entries = previous.entries.slice(0, count).map(withPaths);
    if (entries.every((e) => existsSync(e.full) && existsSync(e.blurred))) return entries;
  }
  if (previous) {
    // Remove the files of the pool being replaced, and nothing else in the directory.
    await Promise.all(
      previous.entries.flatMap((e) => [rm(join(dir, `${e.key}.jpg`), { force: true }), rm(join(dir, `${e.blurredKey}.jpg`), { force: true })]),
    );
  }

  const random = createRandom(seed);
  const entries: Manifest['entries'] = [];
  for (let index = 0; index < count; index++) {
    const kind: IllustrationKind = index % 3 === 2 ? 'facade' : 'interior';
    const svg = renderIllustrationSvg(kind, random);
    const full = await sharp(Buffer.from(svg)).resize(IMAGE_WIDTH, IMAGE_HEIGHT).jpeg({ quality, mozjpeg: true }).toBuffer();
    const blurred = await sharp(full)
      .resize(BLURRED_WIDTH, BLURRED_HEIGHT)
      .blur(25)
      .jpeg({ quality: 70, mozjpeg: true })
      .toBuffer();
    const key = randomBytes(16).toString('hex');
    const blurredKey = randomBytes(16).toString('hex');
    await writeFile(join(dir, `${key}.jpg`), full);
    await writeFile(join(dir, `${blurredKey}.jpg`), blurred);
    entries.push({
      index,
      kind,
      key,
      blurredKey,
      width: IMAGE_WIDTH,
      height: IMAGE_HEIGHT,
      blurredWidth: BLURRED_WIDTH,
      blurredHeight: BLURRED_HEIGHT,
    });
  }
  const manifest: Manifest = { version: MANIFEST_VERSION, seed, quality, entries };
  await writeFile(join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return entries.map(withPaths);
}

export interface DwellingImageFiles {
  fullKey: string;
  blurredKey: string;
  full: string;
  blurred: string;
  width: number;
  height: number;
}

/**
 * One dwelling's own copy of a pool image under fresh random keys, for storage where every dwelling
 * image has unique keys: hard links (no extra disk space), or a copy when `dir` is on another disk.
 */
export async function linkPoolImage(entry: ImagePoolEntry, dir: string = dirname(entry.full)): Promise<DwellingImageFiles> {
  await mkdir(dir, { recursive: true });
  const fullKey = randomBytes(16).toString('hex');
  const blurredKey = randomBytes(16).toString('hex');
  const full = join(dir, `${fullKey}.jpg`);
  const blurred = join(dir, `${blurredKey}.jpg`);
  await linkOrCopy(entry.full, full);
  await linkOrCopy(entry.blurred, blurred);
  return { fullKey, blurredKey, full, blurred, width: entry.width, height: entry.height };
}

async function linkOrCopy(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch {
    await copyFile(from, to);
  }
}

async function readManifest(dir: string): Promise<Manifest | null> {
  try {
    const parsed = JSON.parse(await readFile(join(dir, MANIFEST), 'utf8')) as Manifest;
    return parsed.version === MANIFEST_VERSION && Array.isArray(parsed.entries) ? parsed : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Drawing (pure: the same random state gives the same SVG)

const W = IMAGE_WIDTH;
const H = IMAGE_HEIGHT;

function hsl(h: number, s: number, l: number): string {
  // To hex, so the renderer needs no CSS colour functions.
  const sat = s / 100;
  const light = l / 100;
  const k = (n: number) => (n + h / 30) % 12;
  const a = sat * Math.min(light, 1 - light);
  const f = (n: number) => light - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  const hex = (x: number) =>
    Math.round(x * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${hex(f(0))}${hex(f(8))}${hex(f(4))}`;
}

const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
  `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" fill="${fill}" ${extra}/>`;

function skyDefs(random: Random, id: string): string {
  const dusk = random.chance(0.2);
  const top = dusk ? hsl(random.int(20, 40), 70, 62) : hsl(random.int(195, 215), 65, random.int(55, 68));
  const bottom = dusk ? hsl(random.int(260, 290), 35, 75) : hsl(random.int(190, 205), 55, 88);
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;
}

function tree(random: Random, x: number, ground: number, scale: number): string {
  const green = hsl(random.int(90, 140), random.int(30, 55), random.int(28, 42));
  const trunk = `<rect x="${x - 8 * scale}" y="${ground - 90 * scale}" width="${16 * scale}" height="${90 * scale}" fill="#5b4636"/>`;
  const crowns = Array.from({ length: 3 }, (_, i) => {
    const cx = x + (i - 1) * 34 * scale + random.int(-8, 8);
    const cy = ground - 120 * scale - random.int(0, 40) * scale;
    return `<circle cx="${cx}" cy="${cy}" r="${(48 + random.int(0, 18)) * scale}" fill="${green}"/>`;
  }).join('');
  return trunk + crowns;
}

function interiorSvg(random: Random): string {
  const wallHue = random.pick([30, 40, 50, 200, 210, 90, 0, 160, 20]);
  const wall = hsl(wallHue, random.int(8, 35), random.int(78, 92));
  const wallShade = hsl(wallHue, random.int(8, 30), random.int(65, 75));
  const floorHue = random.int(22, 38);
  const floor = hsl(floorHue, random.int(30, 55), random.int(38, 62));
  const floorLine = hsl(floorHue, 35, 30);
  const horizon = random.int(500, 560);
  const parts: string[] = [];
  const defs = [
    skyDefs(random, 'sky'),
    `<linearGradient id="light" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#ffffff" stop-opacity="0.25"/><stop offset="1" stop-color="#000000" stop-opacity="0.12"/></linearGradient>`,
  ];

  parts.push(rect(0, 0, W, horizon, wall));
  parts.push(rect(0, horizon, W, H - horizon, floor));
  for (let x = -40; x < W + 200; x += random.int(60, 95)) {
    parts.push(`<line x1="${x}" y1="${horizon}" x2="${x - 160}" y2="${H}" stroke="${floorLine}" stroke-width="2" opacity="0.35"/>`);
  }
  parts.push(rect(0, horizon - 14, W, 14, wallShade));

  // One or two windows with sky, sun or clouds and a tree outside.
  const windows = random.chance(0.45) ? 2 : 1;
  const windowBoxes: { x: number; y: number; w: number; h: number }[] = [];
  for (let i = 0; i < windows; i++) {
    const ww = random.int(200, 280);
    const wh = random.int(260, 330);
    const wx = windows === 1 ? random.int(90, W - ww - 90) : i === 0 ? random.int(60, 200) : random.int(560, W - ww - 60);
    const wy = random.int(70, 120);
    windowBoxes.push({ x: wx, y: wy, w: ww, h: wh });
    parts.push(rect(wx, wy, ww, wh, 'url(#sky)'));
    if (random.chance(0.5)) parts.push(`<circle cx="${wx + ww * 0.7}" cy="${wy + wh * 0.25}" r="${random.int(18, 30)}" fill="#fff4c2"/>`);
    else parts.push(`<ellipse cx="${wx + ww * 0.4}" cy="${wy + wh * 0.3}" rx="${random.int(40, 60)}" ry="16" fill="#ffffff" opacity="0.85"/>`);
    parts.push(`<g clip-path="url(#w${i})">${tree(random, wx + ww * random.float(0.2, 0.8), wy + wh + 30, 0.8)}</g>`);
    defs.push(`<clipPath id="w${i}"><rect x="${wx}" y="${wy}" width="${ww}" height="${wh}"/></clipPath>`);
    const frame = '#fbfbf8';
    parts.push(`<rect x="${wx}" y="${wy}" width="${ww}" height="${wh}" fill="none" stroke="${frame}" stroke-width="14"/>`);
    parts.push(rect(wx + ww / 2 - 5, wy, 10, wh, frame));
    if (random.chance(0.6)) parts.push(rect(wx, wy + wh * 0.4 - 5, ww, 10, frame));
    parts.push(rect(wx - 20, wy + wh + 4, ww + 40, 14, wallShade));
  }

  // A picture on the wall, where no window is.
  const pw = random.int(90, 150);
  const ph = random.int(70, 120);
  const spots = Array.from({ length: 12 }, () => ({ x: random.int(40, W - pw - 40), y: random.int(120, 220) }));
  const free = spots.find(
    (p) => !windowBoxes.some((b) => p.x < b.x + b.w + 30 && p.x + pw > b.x - 30 && p.y < b.y + b.h + 30 && p.y + ph > b.y - 30),
  );
  if (free && random.chance(0.7)) {
    const { x: px, y: py } = free;
    parts.push(rect(px - 6, py - 6, pw + 12, ph + 12, '#3a3430'));
    parts.push(rect(px, py, pw, ph, hsl(random.int(0, 359), 45, 60)));
    parts.push(`<circle cx="${px + pw * 0.35}" cy="${py + ph * 0.5}" r="${ph * 0.25}" fill="${hsl(random.int(0, 359), 50, 45)}"/>`);
  }

  // Rug, sofa, table, plant, lamp.
  const rugY = horizon + random.int(110, 150);
  parts.push(`<ellipse cx="${W / 2 + random.int(-80, 80)}" cy="${rugY}" rx="${random.int(260, 360)}" ry="${random.int(60, 90)}" fill="${hsl(random.int(0, 359), random.int(20, 45), random.int(55, 75))}"/>`);
  const sofa = hsl(random.int(0, 359), random.int(20, 60), random.int(30, 60));
  const sofaDark = hsl(0, 0, 20);
  const sx = random.int(120, 420);
  const sw = random.int(320, 420);
  const sy = horizon - 60;
  parts.push(rect(sx, sy - 90, sw, 110, sofa, 'rx="22"'));
  parts.push(rect(sx - 26, sy - 30, 50, 120, sofa, 'rx="18"'));
  parts.push(rect(sx + sw - 24, sy - 30, 50, 120, sofa, 'rx="18"'));
  parts.push(rect(sx, sy + 10, sw, 70, sofa, 'rx="14"'));
  parts.push(rect(sx + 10, sy + 6, sw / 2 - 15, 30, '#ffffff', 'rx="10" opacity="0.18"'));
  parts.push(rect(sx + sw / 2 + 5, sy + 6, sw / 2 - 15, 30, '#ffffff', 'rx="10" opacity="0.18"'));
  parts.push(rect(sx, sy + 80, 12, 20, sofaDark));
  parts.push(rect(sx + sw - 12, sy + 80, 12, 20, sofaDark));
  for (let i = 0; i < random.int(1, 3); i++) {
    parts.push(rect(sx + 30 + i * 70, sy - 40, 56, 50, hsl(random.int(0, 359), 55, 62), 'rx="12"'));
  }
  const table = hsl(random.int(20, 35), random.int(25, 50), random.int(25, 55));
  const tx = sx + sw / 2 - 110 + random.int(-40, 40);
  const ty = horizon + random.int(90, 120);
  parts.push(rect(tx, ty, 220, 18, table, 'rx="4"'));
  parts.push(rect(tx + 14, ty + 18, 10, 50, table));
  parts.push(rect(tx + 196, ty + 18, 10, 50, table));
  if (random.chance(0.7)) {
    parts.push(`<circle cx="${tx + 60}" cy="${ty - 14}" r="14" fill="${hsl(random.int(0, 359), 40, 80)}"/>`);
    parts.push(rect(tx + 130, ty - 26, 40, 26, hsl(random.int(0, 359), 50, 50), 'rx="3"'));
  }
  const plantX = random.chance(0.5) ? random.int(40, 100) : random.int(W - 120, W - 60);
  parts.push(`<polygon points="${plantX - 30},${horizon + 40} ${plantX + 30},${horizon + 40} ${plantX + 22},${horizon + 100} ${plantX - 22},${horizon + 100}" fill="${hsl(random.int(10, 30), 45, 45)}"/>`);
  for (let i = 0; i < 6; i++) {
    parts.push(`<ellipse cx="${plantX + random.int(-40, 40)}" cy="${horizon + 20 - random.int(0, 120)}" rx="${random.int(16, 26)}" ry="${random.int(30, 46)}" fill="${hsl(random.int(95, 135), 40, random.int(28, 42))}" transform="rotate(${random.int(-40, 40)} ${plantX} ${horizon})"/>`);
  }
  if (random.chance(0.6)) {
    const lx = sx + sw + random.int(70, 140);
    if (lx < W - 60) {
      parts.push(rect(lx - 3, horizon - 260, 6, 300, '#333333'));
      parts.push(rect(lx - 40, horizon + 36, 80, 10, '#333333', 'rx="4"'));
      parts.push(`<polygon points="${lx - 50},${horizon - 250} ${lx + 50},${horizon - 250} ${lx + 30},${horizon - 320} ${lx - 30},${horizon - 320}" fill="${hsl(random.int(30, 50), 60, 85)}"/>`);
    }
  }
  parts.push(rect(0, 0, W, H, 'url(#light)'));
  return svgDocument(defs, parts);
}

function facadeSvg(random: Random): string {
  const defs = [skyDefs(random, 'sky')];
  const parts: string[] = [];
  const ground = random.int(620, 680);
  parts.push(rect(0, 0, W, H, 'url(#sky)'));
  for (let i = 0; i < random.int(1, 3); i++) {
    parts.push(`<ellipse cx="${random.int(80, W - 80)}" cy="${random.int(50, 160)}" rx="${random.int(60, 110)}" ry="${random.int(18, 28)}" fill="#ffffff" opacity="0.85"/>`);
  }
  const brick = random.chance(0.55);
  const wall = brick ? hsl(random.int(5, 22), random.int(40, 60), random.int(35, 50)) : hsl(random.int(20, 60), random.int(15, 45), random.int(70, 86));
  const trim = random.chance(0.7) ? '#f4f2ec' : hsl(random.int(190, 230), 25, 30);
  const floorH = random.int(95, 115);
  // Leave room for the roof above the top floor.
  const floors = Math.min(random.int(2, 5), Math.floor((ground - 200) / floorH));
  const bw = random.int(640, 860);
  const bx = (W - bw) / 2 + random.int(-40, 40);
  const top = ground - floors * floorH - 40;
  // Roof: pitched or flat with a cornice.
  if (random.chance(0.6)) {
    const roof = hsl(random.int(0, 25), random.int(10, 50), random.int(22, 38));
    parts.push(`<polygon points="${bx - 20},${top} ${bx + bw + 20},${top} ${bx + bw - 60},${top - 110} ${bx + 60},${top - 110}" fill="${roof}"/>`);
    if (random.chance(0.6)) parts.push(rect(bx + bw * 0.7, top - 150, 34, 70, hsl(10, 40, 35)));
  } else {
    parts.push(rect(bx - 12, top - 16, bw + 24, 20, trim));
  }
  parts.push(rect(bx, top, bw, ground - top, wall));
  if (brick) {
    for (let y = top + 12; y < ground; y += 12) {
      parts.push(`<line x1="${bx}" y1="${y}" x2="${bx + bw}" y2="${y}" stroke="#000000" stroke-opacity="0.08" stroke-width="2"/>`);
    }
  }
  const cols = random.int(4, 7);
  const cellW = bw / cols;
  const glass = hsl(random.int(195, 215), 35, random.int(35, 55));
  const door = Math.floor(cols / 2);
  for (let f = 0; f < floors; f++) {
    const y = ground - (f + 1) * floorH + 14;
    for (let c = 0; c < cols; c++) {
      const x = bx + c * cellW + cellW * 0.22;
      const w = cellW * 0.56;
      if (f === 0 && c === door) {
        parts.push(rect(x, y + 4, w, floorH - 18, hsl(random.int(0, 359), 45, 30)));
        parts.push(rect(x - 6, y - 2, w + 12, 8, trim));
        continue;
      }
      parts.push(rect(x - 5, y - 5, w + 10, floorH * 0.62 + 10, trim));
      parts.push(rect(x, y, w, floorH * 0.62, glass));
      parts.push(rect(x + w / 2 - 2, y, 4, floorH * 0.62, trim));
      parts.push(rect(x, y, w, floorH * 0.2, '#ffffff', 'opacity="0.15"'));
      if (f > 0 && random.chance(0.15)) {
        parts.push(rect(x - 14, y + floorH * 0.62, w + 28, 10, '#2f2f2f'));
        for (let k = 0; k <= 6; k++) parts.push(rect(x - 14 + ((w + 28) * k) / 6 - 1, y + floorH * 0.4, 2, floorH * 0.22, '#2f2f2f'));
      }
    }
  }
  parts.push(rect(0, ground, W, H - ground, hsl(0, 0, random.int(55, 70))));
  parts.push(rect(0, ground, W, 10, hsl(0, 0, 45)));
  parts.push(rect(0, ground + 55, W, H - ground - 55, hsl(random.int(90, 120), 35, 40)));
  parts.push(tree(random, random.int(40, 130), ground + 20, random.float(0.9, 1.3)));
  if (random.chance(0.7)) parts.push(tree(random, random.int(W - 130, W - 40), ground + 20, random.float(0.9, 1.3)));
  return svgDocument(defs, parts);
}

function svgDocument(defs: string[], parts: string[]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs.join('')}</defs>${parts.join('')}</svg>`;
}

/** The SVG for one illustration; consumes values from `random`. */
export function renderIllustrationSvg(kind: IllustrationKind, random: Random): string {
  return kind === 'facade' ? facadeSvg(random) : interiorSvg(random);
}
