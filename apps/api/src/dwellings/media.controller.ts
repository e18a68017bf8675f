import { Controller, Get, Inject, NotFoundException, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';

/** Image keys are 32 random hex characters; nothing else (no dots, no slashes) reaches the disk. */
const IMAGE_FILE = /^([0-9a-f]{32})\.jpg$/;

export const dwellingMediaDir = (dataDir: string): string => join(dataDir, 'media', 'dwellings');

/**
 * GET /media/dwellings/{key}.jpg (outside /api): the stored images, read-only. Keys never change
 * content (a new image gets a new key), so they are cached for a year. A full image's key is only
 * ever sent to subscribers; the blurred one has a different, unrelated key.
 */
@Controller('media')
export class MediaController {
  private readonly dir: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.dir = dwellingMediaDir(config.dataDir);
  }

  @Get('dwellings/:file')
  async image(@Param('file') file: string, @Res() reply: FastifyReply): Promise<void> {
    const match = IMAGE_FILE.exec(file);
    if (!match) throw new NotFoundException('Billedet findes ikke');
    const path = join(this.dir, `${match[1]}.jpg`);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) throw new NotFoundException('Billedet findes ikke');
    await reply
      .header('Content-Type', 'image/jpeg')
      .header('Content-Length', String(info.size))
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .send(createReadStream(path));
  }
}
