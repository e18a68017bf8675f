import { Controller, Get, Header, HttpException, Param, Query, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  apiError,
  issuesToFieldErrors,
  latestQuerySchema,
  searchQuerySchema,
  type AreasResponse,
  type DwellingDetail,
  type LandlordContact,
} from '@husly/contracts';
import type { z } from 'zod';
import { DEFAULT_LANGUAGE, validateSearchQuery } from '@husly/domain';
import { Ctx, type RequestContext } from '../common/request-context';
import type { AuthUser } from '../common/auth/auth-user';
import { CurrentUser, JwtAuthGuard, OptionalJwtAuthGuard } from '../common/auth/auth.guards';
import { negotiate, StaticBody } from '../common/compression';
import { CitiesService } from './cities.service';
import { DwellingsService, notFound, type ListPage, type Viewer } from './dwellings.service';
import { LandlordContactService } from './landlord-contact.service';

// Lists and details depend on who asks (blurred or full images), so shared caches must not keep them.
const PER_VIEWER = 'private, no-cache';
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Sends a list page's JSON body as it is (a cached page is never parsed or serialized again), with
 * X-Cache: hit or miss (the service's page cache, docs/decisions/0004) and, on a miss, X-List-Source:
 * memory or database (the in-memory list snapshot, or the list statement). Compressed once per page
 * and encoding, off the event loop (docs/decisions/0026): every client asking for that encoding gets
 * the same bytes (@fastify/compress leaves a response with Content-Encoding alone).
 */
function sendPage(reply: FastifyReply, dwellings: DwellingsService, page: ListPage): Promise<Buffer> {
  reply.header('x-cache', page.cache);
  if (page.source) reply.header('x-list-source', page.source);
  return negotiate(reply, page.body, (encoding) => dwellings.encodedBody(page, encoding));
}

/** The areas list's bytes, ETag and compressed forms: made once per list (CitiesService keeps one for 5 minutes). */
const areasBodies = new WeakMap<AreasResponse, StaticBody>();

function areasBody(areas: AreasResponse): StaticBody {
  let body = areasBodies.get(areas);
  if (!body) {
    body = new StaticBody(Buffer.from(JSON.stringify(areas)));
    areasBodies.set(areas, body);
  }
  return body;
}

@Controller('dwellings')
export class DwellingsController {
  constructor(
    private readonly cities: CitiesService,
    private readonly dwellings: DwellingsService,
    private readonly contacts: LandlordContactService,
  ) {}

  /**
   * Every active city with its zips, and the aliases (zip or postal name → city slug). The browser
   * asks for it when a place box is first used (pages embed only the names, docs/decisions/0023):
   * cached by browsers and shared caches for 5 minutes, revalidated by ETag, and sent as bytes
   * serialized and compressed once per list.
   */
  @Get('areas')
  async areas(@Res() reply: FastifyReply): Promise<void> {
    const body = areasBody(await this.cities.areas());
    await body.send(reply.header('Cache-Control', 'public, max-age=300'), JSON_TYPE);
  }

  @Get('search')
  @UseGuards(OptionalJwtAuthGuard)
  @Header('Cache-Control', PER_VIEWER)
  @Header('Content-Type', JSON_TYPE)
  async search(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply, @CurrentUser() user?: AuthUser): Promise<Buffer> {
    const parsed = parseQuery(searchQuerySchema, query);
    // Section 5: fewer than 2 characters runs no search, and an empty or missing q has fewer; a drawn
    // area searches without a place (all of Denmark, issue 34).
    if (parsed.q === undefined && parsed.area === undefined) {
      const tooShort = validateSearchQuery('', DEFAULT_LANGUAGE);
      if (!tooShort.ok) {
        const { message, code } = tooShort.error;
        throw new HttpException(apiError(400, message, { field: 'q', code, errors: [{ path: 'q', message }] }), 400);
      }
    }
    return sendPage(reply, this.dwellings, await this.dwellings.search(parsed, viewerOf(user)));
  }

  @Get('area/:slug')
  @UseGuards(OptionalJwtAuthGuard)
  @Header('Cache-Control', PER_VIEWER)
  @Header('Content-Type', JSON_TYPE)
  async area(
    @Param('slug') slug: string,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
    @CurrentUser() user?: AuthUser,
  ): Promise<Buffer> {
    // q has no meaning on a city page; only the filters and paging apply.
    const { q: _ignored, ...filters } = query;
    return sendPage(reply, this.dwellings, await this.dwellings.area(slug, parseQuery(searchQuerySchema, filters), viewerOf(user)));
  }

  /** ?count is the front page's name for pageSize (default 15). */
  @Get('latest')
  @UseGuards(OptionalJwtAuthGuard)
  @Header('Cache-Control', PER_VIEWER)
  @Header('Content-Type', JSON_TYPE)
  async latest(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply, @CurrentUser() user?: AuthUser): Promise<Buffer> {
    const { count, ...rest } = query;
    const parsed = parseQuery(latestQuerySchema, count === undefined ? rest : { ...rest, pageSize: count }, { pageSize: 'count' });
    return sendPage(reply, this.dwellings, await this.dwellings.latest(parsed, viewerOf(user)));
  }

  @Get(':id')
  @UseGuards(OptionalJwtAuthGuard)
  @Header('Cache-Control', PER_VIEWER)
  detail(@Param('id') id: string, @CurrentUser() user?: AuthUser): Promise<DwellingDetail> {
    return this.dwellings.detail(parseId(id), viewerOf(user));
  }

  /** The landlord contact: 401 / 404 / 410 / 403 (see LandlordContactService). */
  @Get(':id/agent')
  @UseGuards(JwtAuthGuard)
  @Header('Cache-Control', 'private, no-store')
  agent(@Param('id') id: string, @CurrentUser() user: AuthUser, @Ctx() ctx: RequestContext): Promise<LandlordContact> {
    return this.contacts.fetch(parseId(id), user.id, ctx.language);
  }
}

const viewerOf = (user: AuthUser | undefined): Viewer => (user ? { userId: user.id } : null);

/** Ids are positive 32-bit integers in the database; anything else cannot exist. */
function parseId(id: string): number {
  const n = /^\d{1,10}$/.test(id) ? Number(id) : NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > 2_147_483_647) throw notFound();
  return n;
}

/**
 * A 400 whose message is the first problem (e.g. "Søgeord skal indeholde mere end to tegn" or
 * "rent skal være et helt tal (0 eller mere)."), with `field`, the domain `code` and every problem.
 */
function parseQuery<S extends z.ZodType>(schema: S, query: Record<string, unknown>, rename: Record<string, string> = {}): z.output<S> {
  const parsed = schema.safeParse(query);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => {
    const field = String(issue.path[0] ?? '');
    const shown = rename[field] ?? field;
    const message = shown === field ? issue.message : issue.message.replace(field, shown);
    return { path: [shown], message: issue.code === 'invalid_union' ? `${shown}: one value expected` : message, code: (issue as { params?: { code?: string } }).params?.code };
  });
  const first = issues[0];
  throw new HttpException(
    apiError(400, first.message, { field: String(first.path[0]), ...(first.code ? { code: first.code } : {}), errors: issuesToFieldErrors(issues) }),
    400,
  );
}
