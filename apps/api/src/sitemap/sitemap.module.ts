import { Module } from '@nestjs/common';
import { SitemapController } from './sitemap.controller';

/** /sitemap.xml and /robots.txt for search engines: read from the dwellings and cities tables, outside /api. */
@Module({ controllers: [SitemapController] })
export class SitemapModule {}
