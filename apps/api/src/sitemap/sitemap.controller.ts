import { Controller, Get, Header, Inject, NotFoundException, Query, Res } from '@nestjs/common';
import escapeHtml from 'escape-html';
import type { FastifyReply } from 'fastify';
import { INFO_PAGES, infoPath } from '@husly/domain';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { PrismaService } from '../infra/prisma/prisma.service';

/** The sitemap protocol allows 50,000 URLs per file; beyond that /sitemap.xml becomes an index. */
export const SITEMAP_PAGE_SIZE = 45_000;

/** The English site lives on the en. subdomain of the public URL. */
export function englishUrl(publicUrl: string): string {
  const url = new URL(publicUrl);
  url.hostname = `en.${url.hostname.replace(/^www\./, '')}`;
  return url.toString().replace(/\/+$/, '');
}

/**
 * One <url> with its Danish address and both languages as hreflang alternates. escape-html's
 * entities (&amp; &lt; &gt; &quot; &#39;) are XML's as well.
 */
function urlEntry(da: string, en: string, path: string, lastmod?: Date): string {
  const loc = escapeHtml(`${da}${path}`);
  const alt = escapeHtml(`${en}${path}`);
  return (
    `<url><loc>${loc}</loc>` +
    (lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : '') +
    `<xhtml:link rel="alternate" hreflang="da" href="${loc}"/>` +
    `<xhtml:link rel="alternate" hreflang="en" href="${alt}"/>` +
    `<xhtml:link rel="alternate" hreflang="x-default" href="${loc}"/></url>`
  );
}

/**
 * /sitemap.xml and /robots.txt (outside /api): the home page, /byer, the information pages, every
 * active city and vacant dwelling.
 */
@Controller()
export class SitemapController {
  private readonly da: string;
  private readonly en: string;

  constructor(
    private readonly prisma: PrismaService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.da = config.http.publicUrl;
    this.en = englishUrl(config.http.publicUrl);
  }

  @Get('robots.txt')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=3600')
  robots(): string {
    return ['User-agent: *', 'Allow: /', 'Disallow: /profile', 'Disallow: /api', '', `Sitemap: ${this.da}/sitemap.xml`, ''].join('\n');
  }

  @Get('sitemap.xml')
  @Header('Cache-Control', 'public, max-age=3600')
  async sitemap(@Res({ passthrough: true }) reply: FastifyReply, @Query('page') page?: string): Promise<string> {
    const vacant = await this.prisma.dwelling.count({ where: { deletedAt: null, status: 1 } });
    const pages = Math.max(1, Math.ceil(vacant / SITEMAP_PAGE_SIZE));
    if (page === undefined && pages > 1) {
      void reply.type('application/xml; charset=utf-8');
      const entries = Array.from({ length: pages }, (_, i) => `<sitemap><loc>${escapeHtml(`${this.da}/sitemap.xml?page=${i + 1}`)}</loc></sitemap>`);
      return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join('')}</sitemapindex>\n`;
    }
    const n = page === undefined ? 1 : /^\d+$/.test(page) ? Number(page) : 0;
    if (n < 1 || n > pages) throw new NotFoundException('Ukendt sitemap-side');
    // Set here, not with @Header: an unknown page must still leave as a JSON error.
    void reply.type('application/xml; charset=utf-8');
    const urls: string[] = [];
    if (n === 1) {
      urls.push(urlEntry(this.da, this.en, '/'), urlEntry(this.da, this.en, '/byer'));
      for (const info of INFO_PAGES) urls.push(urlEntry(this.da, this.en, infoPath(info)));
      const cities = await this.prisma.city.findMany({ where: { active: true }, select: { slug: true }, orderBy: { slug: 'asc' } });
      for (const city of cities) urls.push(urlEntry(this.da, this.en, `/${city.slug}`));
    }
    const dwellings = await this.prisma.dwelling.findMany({
      where: { deletedAt: null, status: 1 },
      select: { id: true, updatedAt: true },
      orderBy: { id: 'asc' },
      skip: (n - 1) * SITEMAP_PAGE_SIZE,
      take: SITEMAP_PAGE_SIZE,
    });
    for (const d of dwellings) urls.push(urlEntry(this.da, this.en, `/vis/${d.id}`, d.updatedAt));
    return (
      `<?xml version="1.0" encoding="UTF-8"?>\n` +
      `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${urls.join('')}</urlset>\n`
    );
  }
}
