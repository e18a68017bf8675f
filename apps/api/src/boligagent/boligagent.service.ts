import { HttpException, Inject, Injectable } from '@nestjs/common';
import {
  apiError,
  BOLIGAGENT_MAX_MAP_AREAS,
  type BoligagentAdjustBody,
  type BoligagentFrequencyValue,
  type BoligagentMapAreaInputBody,
  type BoligagentMapAreaRef,
  type BoligagentPrefInputBody,
  type BoligagentPrefRef,
  type BoligagentSettingsBody,
  type BoligagentView,
  type CreateBoligagentBody,
  type CreateBoligagentResponse,
  type NotificationLogBody,
  type UpdateBoligagentBody,
} from '@husly/contracts';
import {
  autoAdjustPrefs,
  BOLIGAGENT_SIGNUP_THROTTLE,
  citySlug,
  ERROR_MESSAGES,
  isDefaultPref,
  mergeAutoAdjust,
  NOTIFICATION_LOG_THROTTLE,
  normalizeBoligagentPref,
  normalizeEmail,
  readSearchArea,
  validateBoligagentEmail,
  type BoligagentPref,
} from '@husly/domain';
import { areaPolygonText } from '../common/area-polygon-text';
import { RateLimitService } from '../common/rate-limit/rate-limit.service';
import type { RequestContext } from '../common/request-context';
import { newAgentToken } from '../accounts/session-prefs.service';
import type { AuthUser } from '../common/auth/auth-user';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { Clock } from '../infra/clock/clock';
import { boligagentVerificationMail } from '../infra/mail/templates/boligagent-mails';
import { composeMail } from '../infra/mail/templates/mail-template';
import { PrismaService } from '../infra/prisma/prisma.service';
import type { BoligagentFrequency, Prisma } from '../infra/prisma/generated/client';
import { JobQueue } from '../infra/queue/job-queue.service';
import { JOBS } from '../infra/queue/jobs';
import { boligagentError, boligagentNotFound, mapAreaNotFound, verificationTokenNotRecognised } from './boligagent-errors';
import { listUnsubscribeHeaders, unsubscribePathOf, unsubscribeUrlOf, verifyUserParam, type MailLanguage } from './public-urls';

const agentWithPrefs = {
  prefs: { include: { city: { select: { slug: true, label: true } } }, orderBy: { id: 'asc' } },
  mapAreas: { orderBy: { id: 'asc' } },
} satisfies Prisma.BoligagentInclude;
type AgentRow = Prisma.BoligagentGetPayload<{ include: typeof agentWithPrefs }>;

/** A normalized pref whose area is a known city. */
interface CityPref extends BoligagentPref {
  area: string;
  cityId: number;
  cityLabel: string;
}

/** A drawn area as stored: the canonical polyline, its polygon text for the matching SQL, rounded sliders. */
interface MapAreaPref {
  area: string;
  polygon: string;
  rent: number | null;
  rooms: number | null;
  size: number | null;
}

const FREQUENCY_TO_DB: Record<BoligagentFrequencyValue, BoligagentFrequency> = { instant: 'INSTANT', daily: 'DAILY', weekly: 'WEEKLY' };
const FREQUENCY_FROM_DB: Record<BoligagentFrequency, BoligagentFrequencyValue> = { INSTANT: 'instant', DAILY: 'daily', WEEKLY: 'weekly' };

/**
 * Creating, reading and changing boligagents (spec sections 4, 5, 7). An agent is reached either by
 * its token (visitors, from the links of its mails) or by its user's bearer token.
 */
@Injectable()
export class BoligagentService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly jobs: JobQueue,
    private readonly rateLimits: RateLimitService,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  // ---- reading ---------------------------------------------------------------------------------

  async byToken(token: string): Promise<BoligagentView> {
    const agent = await this.prisma.boligagent.findUnique({ where: { token }, include: agentWithPrefs });
    if (!agent) throw boligagentNotFound();
    return toView(agent);
  }

  /** The logged-in user's agent, or null when the user has none (the profile tab shows an empty table). */
  async ofUser(user: AuthUser): Promise<BoligagentView | null> {
    const agent = await this.prisma.boligagent.findUnique({ where: { userId: user.id }, include: agentWithPrefs });
    return agent ? toView(agent) : null;
  }

  // ---- creating and verifying ------------------------------------------------------------------

  /**
   * POST /api/boligagents. A logged-in user's own agent is created (or extended) from the prefs; it
   * mails once the account's address is verified, and it never takes over another agent (visitor
   * agents of the address are claimed when the account verifies it, issue 12 §4). A visitor gets a
   * verification mail; the answer is the same whether or not the email already had an agent, and
   * prefs added to an existing agent stay inactive until the owner follows the mail's link (nobody
   * can switch on mails to someone else's address).
   */
  async create(user: AuthUser | undefined, body: CreateBoligagentBody, ctx: RequestContext): Promise<CreateBoligagentResponse> {
    const language: MailLanguage = body.language ?? ctx.language;
    const prefs = await this.cityPrefs(body.prefs);
    const mapAreas = mapAreaPrefs(body.mapAreas);
    if (user) return { verificationSent: false, agent: await this.createForUser(user, body, prefs, mapAreas, language) };

    const code = validateBoligagentEmail(body.email);
    if (code) throw boligagentError(code, 'email');
    const email = normalizeEmail(body.email as string);
    if (prefs.length === 0 && mapAreas.length === 0) throw invalidPrefs();
    // The 406 below tells whether an address has an account (the spec wants it: the web asks them to
    // log in), so every attempt counts, per IP and per address, before the exact lookup (issue 12 §3).
    await this.rateLimits.consume(
      [
        { bucket: `boligagent:ip:${ctx.ip}`, max: BOLIGAGENT_SIGNUP_THROTTLE.perIp, windowMs: BOLIGAGENT_SIGNUP_THROTTLE.windowMs },
        { bucket: `boligagent:email:${email}`, max: BOLIGAGENT_SIGNUP_THROTTLE.perEmail, windowMs: BOLIGAGENT_SIGNUP_THROTTLE.windowMs },
      ],
      ctx.language,
    );
    // A registered user logs in to get an agent (the web shows a congratulation asking to log in).
    const owner = await this.prisma.user.findUnique({ where: { email }, select: { id: true } });
    if (owner) throw boligagentError('email-in-use', 'email');

    // One visitor agent per address (a partial unique index): the insert of a racing second signup
    // waits for the first's transaction and then skips, and sees its agent and prefs. Areas new to an
    // existing agent are added inactive; a row that is already there is left as it is.
    const { agentId, changed } = await this.prisma.$transaction(async (tx) => {
      const [created] = await tx.boligagent.createManyAndReturn({
        data: [{ email, token: newAgentToken(), language, frequency: FREQUENCY_TO_DB[body.frequency ?? 'daily'] }],
        skipDuplicates: true,
        select: { id: true },
      });
      if (created) {
        await tx.boligagentPref.createMany({ data: prefs.map((p) => ({ boligagentId: created.id, cityId: p.cityId, rent: p.rent, rooms: p.rooms, size: p.size })) });
        await tx.boligagentArea.createMany({ data: mapAreas.map((a) => ({ boligagentId: created.id, ...a })) });
        return { agentId: created.id, changed: true };
      }
      const existing = await tx.boligagent.findFirstOrThrow({ where: { email, userId: null }, include: agentWithPrefs });
      const added = await tx.boligagentPref.createMany({
        data: prefs.map((p) => ({ boligagentId: existing.id, cityId: p.cityId, rent: p.rent, rooms: p.rooms, size: p.size, status: 'INACTIVE' as const })),
        skipDuplicates: true,
      });
      const areasAdded = await applyMapAreas(existing, mapAreas, 'INACTIVE', tx);
      return { agentId: existing.id, changed: added.count > 0 || areasAdded };
    });
    // A mail only when this signup changed something (a new agent, or areas to confirm): the same
    // signup again, in parallel or in a row, mails nothing more. The answer is the same either way.
    if (!changed) return { verificationSent: true };
    const agent = await this.prisma.boligagent.findUniqueOrThrow({ where: { id: agentId }, select: { token: true, unsubscribeToken: true } });
    const unsubscribeUrl = unsubscribeUrlOf(this.config.http.publicUrl, agent.unsubscribeToken, language);
    const mail = composeMail(
      boligagentVerificationMail,
      { language, publicUrl: this.config.http.publicUrl },
      { verifyPath: `/boligagent/verify?token=${encodeURIComponent(agent.token)}`, unsubscribePath: unsubscribePathOf(agent.unsubscribeToken), areas: [...prefs.map((p) => p.cityLabel), ...mapAreas.map(() => MAP_AREA_LABEL[language])] },
    );
    await this.jobs.enqueue(JOBS.mailDeliver, { to: email, ...mail, headers: listUnsubscribeHeaders(unsubscribeUrl, this.config.mail.from, agent.unsubscribeToken) });
    return { verificationSent: true };
  }

  /**
   * The user's own agent, created when missing: verified only if the account's address is. One agent
   * per user (unique user_id): a racing second creation's insert waits for the first's transaction,
   * skips, and then goes on as the same request in a row would (nothing new: 404 nothing-to-update).
   */
  private async createForUser(caller: AuthUser, body: CreateBoligagentBody, prefs: CityPref[], mapAreas: MapAreaPref[], language: MailLanguage) {
    const user = await this.prisma.user.findUniqueOrThrow({ where: { id: caller.id }, select: { email: true, emailVerified: true } });
    const email = user.email;
    if (body.email && normalizeEmail(body.email) !== email) throw boligagentError('wrong-user-email', 'email');
    if (!email) throw boligagentError('no-email', 'email');
    const id = await this.prisma.$transaction(async (tx) => {
      const existing = await tx.boligagent.findUnique({ where: { userId: caller.id }, include: agentWithPrefs });
      if (!existing) {
        if (prefs.length === 0 && mapAreas.length === 0) throw invalidPrefs();
        const [created] = await tx.boligagent.createManyAndReturn({
          data: [
            {
              email,
              userId: caller.id,
              token: newAgentToken(),
              verifiedAt: user.emailVerified ? this.clock.now() : null,
              language,
              frequency: FREQUENCY_TO_DB[body.frequency ?? 'daily'],
            },
          ],
          skipDuplicates: true,
          select: { id: true },
        });
        if (created) {
          await tx.boligagentPref.createMany({ data: prefs.map((p) => ({ boligagentId: created.id, cityId: p.cityId, rent: p.rent, rooms: p.rooms, size: p.size })) });
          await tx.boligagentArea.createMany({ data: mapAreas.map((a) => ({ boligagentId: created.id, ...a })) });
          return created.id;
        }
      }
      const agent = existing ?? (await tx.boligagent.findUniqueOrThrow({ where: { userId: caller.id }, include: agentWithPrefs }));
      let changed = await this.applyPrefs(agent, prefs, { autoAdjust: agent.autoAdjust, status: 'ACTIVE' }, tx);
      if (await applyMapAreas(agent, mapAreas, 'ACTIVE', tx)) changed = true;
      if (!changed) throw boligagentError('nothing-to-update');
      return agent.id;
    });
    return this.reload(id);
  }

  /** POST /api/boligagents/{token}/verify: the link of the verification mail. Switches on its prefs. */
  async verify(token: string): Promise<BoligagentView> {
    const agent = await this.prisma.boligagent.findUnique({ where: { token }, include: { user: { select: { email: true, emailVerified: true } } } });
    if (!agent) throw verificationTokenNotRecognised();
    // An account's agent is verified by the account's address (the link mailed there), never by its
    // token, which its (possibly unproven) account holder can read (issue 12 §4).
    if (agent.user && !(agent.user.emailVerified && agent.user.email === agent.email)) throw verificationTokenNotRecognised();
    await this.prisma.$transaction([
      this.prisma.boligagent.update({
        where: { id: agent.id },
        data: { verifiedAt: agent.verifiedAt ?? this.clock.now(), enabled: true, unsubscribedAt: null },
      }),
      this.prisma.boligagentPref.updateMany({ where: { boligagentId: agent.id, status: 'INACTIVE' }, data: { status: 'ACTIVE' } }),
      this.prisma.boligagentArea.updateMany({ where: { boligagentId: agent.id, status: 'INACTIVE' }, data: { status: 'ACTIVE' } }),
    ]);
    return this.reload(agent.id);
  }

  // ---- changing --------------------------------------------------------------------------------

  /** PUT /api/boligagents: edit one row (`area` → `prefs[0]`), add prefs, or change frequency, on/off, language. */
  async update(user: AuthUser | undefined, body: UpdateBoligagentBody): Promise<BoligagentView> {
    const agent = await this.resolve(user, body);
    let changed = false;
    if (body.area && body.prefs?.length) {
      const current = agent.prefs.find((p) => p.city.slug === citySlug(body.area as string));
      if (!current) throw boligagentError('nothing-to-update');
      const [next] = await this.cityPrefs([{ ...body.prefs[0], area: body.prefs[0].area || current.city.slug }]);
      if (!next) throw invalidPrefs();
      if (next.cityId === current.cityId) {
        if (next.rent !== current.rent || next.rooms !== current.rooms || next.size !== current.size) {
          await this.prisma.boligagentPref.update({ where: { id: current.id }, data: { rent: next.rent, rooms: next.rooms, size: next.size } });
          changed = true;
        }
      } else {
        // The row moved to another area: that area's pref takes the values, this row goes.
        await this.prisma.$transaction([
          this.prisma.boligagentPref.deleteMany({ where: { id: current.id } }),
          this.prisma.boligagentPref.upsert({
            where: { boligagentId_cityId: { boligagentId: agent.id, cityId: next.cityId } },
            create: { boligagentId: agent.id, cityId: next.cityId, rent: next.rent, rooms: next.rooms, size: next.size, status: current.status },
            update: { rent: next.rent, rooms: next.rooms, size: next.size },
          }),
        ]);
        changed = true;
      }
    } else if (body.prefs?.length) {
      changed = await this.applyPrefs(agent, await this.cityPrefs(body.prefs), { autoAdjust: false, status: 'ACTIVE' });
    }
    const mapAreas = mapAreaPrefs(body.mapAreas);
    if (mapAreas.length && (await this.prisma.$transaction((tx) => applyMapAreas(agent, mapAreas, 'ACTIVE', tx)))) changed = true;
    if (await this.applySettings(agent, body)) changed = true;
    if (!changed) throw boligagentError('nothing-to-update');
    return this.reload(agent.id);
  }

  /** POST /api/boligagents/settings {autoAdjust}; also frequency and the off switch. autoAdjust is for logged-in users only. */
  async settings(user: AuthUser | undefined, body: BoligagentSettingsBody): Promise<BoligagentView> {
    const agent = await this.resolve(user, body);
    await this.applySettings(agent, body);
    if (body.changeAlerts !== undefined && agent.changeAlerts !== body.changeAlerts) {
      await this.prisma.boligagent.update({ where: { id: agent.id }, data: { changeAlerts: body.changeAlerts } });
    }
    if (body.autoAdjust !== undefined && agent.userId !== null && agent.autoAdjust !== body.autoAdjust) {
      await this.prisma.boligagent.update({ where: { id: agent.id }, data: { autoAdjust: body.autoAdjust } });
    }
    return this.reload(agent.id);
  }

  /** PUT /api/boligagents/pref {id, area}: Activate an inactive row. */
  async activatePref(user: AuthUser | undefined, ref: BoligagentPrefRef): Promise<BoligagentView> {
    const agent = await this.resolve(user, ref);
    const pref = agent.prefs.find((p) => p.city.slug === citySlug(ref.area));
    if (!pref || pref.status === 'ACTIVE') throw boligagentError('nothing-to-update');
    await this.prisma.boligagentPref.update({ where: { id: pref.id }, data: { status: 'ACTIVE' } });
    return this.reload(agent.id);
  }

  /** DELETE /api/boligagents/pref?id=&area= */
  async deletePref(user: AuthUser | undefined, ref: BoligagentPrefRef): Promise<BoligagentView> {
    const agent = await this.resolve(user, ref);
    const pref = agent.prefs.find((p) => p.city.slug === citySlug(ref.area));
    if (!pref) throw boligagentError('nothing-to-update');
    await this.prisma.boligagentPref.delete({ where: { id: pref.id } });
    return this.reload(agent.id);
  }

  /**
   * DELETE /api/boligagents/map-area?areaId=: one drawn area of the agent. Idempotent: the owner's
   * area goes, and an id that names no area any more (a second click, two tabs) is the same 200 with
   * the agent as it is; an area of another agent is a 404 and stays. The delete itself is the check
   * of ownership (one statement, keyed by both ids), so two sends at once delete it once.
   */
  async deleteMapArea(user: AuthUser | undefined, ref: BoligagentMapAreaRef): Promise<BoligagentView> {
    const agent = await this.resolve(user, ref);
    const deleted = await this.prisma.boligagentArea.deleteMany({ where: { id: ref.areaId, boligagentId: agent.id } });
    // An area never moves between agents: if the id still exists now, it is someone else's.
    if (deleted.count === 0 && (await this.prisma.boligagentArea.count({ where: { id: ref.areaId } })) > 0) throw mapAreaNotFound();
    return this.reload(agent.id);
  }

  /** DELETE /api/boligagents: the whole agent ("delete all"), with its deliveries and mails. */
  async remove(user: AuthUser | undefined, ref: { token?: string; id?: number }): Promise<void> {
    const agent = await this.resolve(user, ref);
    await this.prisma.boligagent.delete({ where: { id: agent.id } });
  }

  /**
   * RFC 8058 one-click unsubscribe (and the button of the confirmation page): stops the agent at
   * once, no login. Idempotent: a second POST, or a mail client retrying, changes nothing.
   */
  async unsubscribe(token: string): Promise<void> {
    // The List-Unsubscribe token (mails since issue 12), or the management token that mails sent
    // before it carry in their List-Unsubscribe header: both stop the agent.
    const agent =
      (await this.prisma.boligagent.findUnique({ where: { unsubscribeToken: token }, select: { id: true, unsubscribedAt: true } })) ??
      (await this.prisma.boligagent.findUnique({ where: { token }, select: { id: true, unsubscribedAt: true } }));
    if (!agent) throw boligagentNotFound();
    await this.prisma.boligagent.update({
      where: { id: agent.id },
      data: { enabled: false, unsubscribedAt: agent.unsubscribedAt ?? this.clock.now() },
    });
  }

  /**
   * The change mail's "stop mails about changes" (ADR 0062): switches change alerts off and nothing
   * else, with the unsubscribe token (or the management token). Idempotent: the UPDATE's condition
   * makes a second or parallel call change nothing.
   */
  async changeAlertsOff(token: string): Promise<void> {
    const agent =
      (await this.prisma.boligagent.findUnique({ where: { unsubscribeToken: token }, select: { id: true } })) ??
      (await this.prisma.boligagent.findUnique({ where: { token }, select: { id: true } }));
    if (!agent) throw boligagentNotFound();
    await this.prisma.boligagent.updateMany({ where: { id: agent.id, changeAlerts: true }, data: { changeAlerts: false } });
  }

  /**
   * POST /api/boligagents/adjust {area, current, user, detail}: the web reports a logged-in user's
   * search; with autoAdjust on, the pref of that area widens (rent max, rooms and size min).
   */
  async adjust(user: AuthUser, body: BoligagentAdjustBody): Promise<{ adjusted: boolean; agent: BoligagentView | null }> {
    if (body.user !== undefined && body.user !== user.id) throw boligagentError('wrong-user-email');
    const agent = await this.prisma.boligagent.findUnique({ where: { userId: user.id }, include: agentWithPrefs });
    if (!agent) return { adjusted: false, agent: null };
    if (!agent.autoAdjust) return { adjusted: false, agent: toView(agent) };
    const rows = agent.prefs.filter((p) => p.status === 'ACTIVE').map((p) => ({ id: p.id, area: p.city.slug, rent: p.rent, rooms: p.rooms, size: p.size }));
    const { prefs, changed } = autoAdjustPrefs(rows, { ...body.current, area: body.area });
    if (!changed) return { adjusted: false, agent: toView(agent) };
    await this.prisma.$transaction(
      prefs
        .filter((p, i) => p.rent !== rows[i].rent || p.rooms !== rows[i].rooms || p.size !== rows[i].size)
        .map((p) => this.prisma.boligagentPref.update({ where: { id: p.id }, data: { rent: p.rent, rooms: p.rooms, size: p.size } })),
    );
    return { adjusted: true, agent: await this.reload(agent.id) };
  }

  /**
   * POST /api/notificationLog: a followed link of a boligagent mail (`user` = the signed agent id of
   * the link). Counted per client address before anything is read (NOTIFICATION_LOG_THROTTLE, 429):
   * a page sends one; a script replaying links is not a reader.
   */
  async logNotification(body: NotificationLogBody, ctx: Pick<RequestContext, 'ip' | 'language'>): Promise<void> {
    await this.rateLimits.consume(
      [{ bucket: `notification-log:ip:${ctx.ip}`, max: NOTIFICATION_LOG_THROTTLE.perIp, windowMs: NOTIFICATION_LOG_THROTTLE.windowMs }],
      ctx.language,
    );
    const agentId = verifyUserParam(body.user, this.config.auth.jwtSecret);
    if (agentId === null) throw new HttpException(apiError(400, ERROR_MESSAGES.actionFailed, { code: 'error', field: 'user' }), 400);
    const agent = await this.prisma.boligagent.findUnique({ where: { id: agentId }, select: { id: true, userId: true } });
    const dwelling = body.dwellingId
      ? await this.prisma.dwelling.findUnique({ where: { id: body.dwellingId }, select: { id: true } })
      : null;
    await this.prisma.notificationLog.create({
      data: { boligagentId: agent?.id ?? null, userId: agent?.userId ?? null, source: body.source, type: body.type, dwellingId: dwelling?.id ?? null },
    });
  }

  // ---- helpers ---------------------------------------------------------------------------------

  /** The agent a change names: by token (a visitor) or by the bearer token's user; `id` must match. */
  private async resolve(user: AuthUser | undefined, ref: { token?: string; id?: number }): Promise<AgentRow> {
    let agent: AgentRow | null;
    if (ref.token) agent = await this.prisma.boligagent.findUnique({ where: { token: ref.token }, include: agentWithPrefs });
    else if (user) agent = await this.prisma.boligagent.findUnique({ where: { userId: user.id }, include: agentWithPrefs });
    else throw new HttpException(apiError(401, 'Login required'), 401);
    if (!agent || (ref.id !== undefined && ref.id !== agent.id)) throw boligagentNotFound();
    return agent;
  }

  private async reload(id: number): Promise<BoligagentView> {
    return toView(await this.prisma.boligagent.findUniqueOrThrow({ where: { id }, include: agentWithPrefs }));
  }

  /** Rounds the prefs (section 9), drops defaults and unknown areas, one pref per area (the last wins). */
  private async cityPrefs(inputs: BoligagentPrefInputBody[]): Promise<CityPref[]> {
    const normalized = inputs.filter((p) => !isDefaultPref(p)).map((p) => normalizeBoligagentPref(p));
    const slugs = [...new Set(normalized.map((p) => p.area).filter((a): a is string => a !== null))];
    if (slugs.length === 0) return [];
    const cities = await this.prisma.city.findMany({ where: { slug: { in: slugs }, active: true }, select: { id: true, slug: true, label: true } });
    const bySlug = new Map(cities.map((c) => [c.slug, c]));
    const byArea = new Map<string, CityPref>();
    for (const p of normalized) {
      const city = p.area ? bySlug.get(p.area) : undefined;
      if (city) byArea.set(city.slug, { ...p, area: city.slug, cityId: city.id, cityLabel: city.label });
    }
    return [...byArea.values()];
  }

  /** Adds or updates prefs by area; with autoAdjust an existing area merges (rent max, rooms and size min). */
  private async applyPrefs(
    agent: AgentRow,
    prefs: CityPref[],
    options: { autoAdjust: boolean; status: 'ACTIVE' | 'INACTIVE' },
    db: Prisma.TransactionClient = this.prisma,
  ): Promise<boolean> {
    let changed = false;
    for (const p of prefs) {
      const existing = agent.prefs.find((e) => e.cityId === p.cityId);
      if (!existing) {
        // A racing request may have added the area since `agent` was read: then this one adds nothing.
        const added = await db.boligagentPref.createMany({
          data: [{ boligagentId: agent.id, cityId: p.cityId, rent: p.rent, rooms: p.rooms, size: p.size, status: options.status }],
          skipDuplicates: true,
        });
        if (added.count > 0) changed = true;
        continue;
      }
      // A visitor's unverified request never changes rows its owner already has.
      if (options.status === 'INACTIVE') continue;
      const current = { area: existing.city.slug, rent: existing.rent, rooms: existing.rooms, size: existing.size };
      const next = options.autoAdjust ? mergeAutoAdjust(current, p) : p;
      const activate = existing.status !== 'ACTIVE';
      if (activate || next.rent !== existing.rent || next.rooms !== existing.rooms || next.size !== existing.size) {
        await db.boligagentPref.update({
          where: { id: existing.id },
          data: { rent: next.rent, rooms: next.rooms, size: next.size, status: 'ACTIVE' },
        });
        changed = true;
      }
    }
    return changed;
  }

  private async applySettings(agent: AgentRow, body: { frequency?: BoligagentFrequencyValue; enabled?: boolean; language?: MailLanguage }): Promise<boolean> {
    const data: Prisma.BoligagentUpdateInput = {};
    if (body.frequency && FREQUENCY_TO_DB[body.frequency] !== agent.frequency) data.frequency = FREQUENCY_TO_DB[body.frequency];
    if (body.enabled !== undefined && body.enabled !== agent.enabled) {
      data.enabled = body.enabled;
      // Switching back on after a one-click unsubscribe is the owner's explicit wish.
      if (body.enabled) data.unsubscribedAt = null;
    }
    if (body.language && body.language !== agent.language) data.language = body.language;
    if (Object.keys(data).length === 0) return false;
    await this.prisma.boligagent.update({ where: { id: agent.id }, data });
    return true;
  }
}

function invalidPrefs(): HttpException {
  return new HttpException(apiError(400, ERROR_MESSAGES.actionFailed, { code: 'error', field: 'prefs' }), 400);
}

function toView(agent: AgentRow): BoligagentView {
  return {
    id: agent.id,
    email: agent.email,
    token: agent.token,
    verified: agent.verifiedAt !== null,
    autoAdjust: agent.autoAdjust,
    frequency: FREQUENCY_FROM_DB[agent.frequency],
    enabled: agent.enabled && agent.unsubscribedAt === null,
    changeAlerts: agent.changeAlerts,
    language: agent.language === 'en' ? 'en' : 'da',
    prefs: agent.prefs.map((p) => ({
      id: p.id,
      area: p.city.slug,
      areaLabel: p.city.label,
      rent: p.rent,
      rooms: p.rooms,
      size: p.size,
      status: p.status === 'ACTIVE' ? 'active' : 'inactive',
    })),
    mapAreas: agent.mapAreas.map((a) => ({
      id: a.id,
      area: a.area,
      rent: a.rent,
      rooms: a.rooms,
      size: a.size,
      status: a.status === 'ACTIVE' ? 'active' : 'inactive',
    })),
  };
}

/** How a drawn area is named where a city's label would stand (the verification mail's list). */
const MAP_AREA_LABEL: Record<MailLanguage, string> = { da: 'Et tegnet område på kortet', en: 'An area drawn on the map' };

/** The request's drawn areas (already canonical: the contract wrote them), sliders rounded as a city pref's, one per area (the last wins). */
function mapAreaPrefs(inputs: BoligagentMapAreaInputBody[] | undefined): MapAreaPref[] {
  const byArea = new Map<string, MapAreaPref>();
  for (const input of inputs ?? []) {
    const read = readSearchArea(input.area);
    // The contract read it already; a failure here would be a bug, not bad input.
    if (read.error) throw new Error(`area not canonical after the contract: ${read.error.code}`);
    const { rent, rooms, size } = normalizeBoligagentPref({ area: null, rent: input.rent, rooms: input.rooms, size: input.size });
    byArea.set(input.area, { area: input.area, polygon: areaPolygonText(read.value), rent, rooms, size });
  }
  return [...byArea.values()];
}

/**
 * Adds drawn areas (unique per agent and area: a racing request's insert skips), or updates an
 * existing one's sliders; a visitor's unverified request (INACTIVE) never changes rows that are there.
 * At most BOLIGAGENT_MAX_MAP_AREAS per agent. Past the cap the agent's owner (a login or the agent's
 * token) is refused with too-many-areas; a visitor's signup adds none of its new areas and is answered
 * as any signup is, since a refusal would tell anyone that the address has an agent with three areas.
 */
async function applyMapAreas(agent: AgentRow, areas: MapAreaPref[], status: 'ACTIVE' | 'INACTIVE', db: Prisma.TransactionClient): Promise<boolean> {
  let changed = false;
  if (areas.length === 0) return false;
  // The cap is decided under the agent row's lock, on the areas as they are now: two requests adding
  // different areas at once count each other's, and the second is refused rather than making a fourth.
  await db.$queryRaw`SELECT id FROM boligagents WHERE id = ${agent.id} FOR UPDATE`;
  const stored = await db.boligagentArea.findMany({ where: { boligagentId: agent.id } });
  const fresh = areas.filter((a) => !stored.some((e) => e.area === a.area));
  const overCap = stored.length + fresh.length > BOLIGAGENT_MAX_MAP_AREAS;
  if (overCap && status === 'ACTIVE') throw boligagentError('too-many-areas', 'mapAreas');
  if (fresh.length > 0 && !overCap) {
    const added = await db.boligagentArea.createMany({ data: fresh.map((a) => ({ boligagentId: agent.id, ...a, status })), skipDuplicates: true });
    if (added.count > 0) changed = true;
  }
  if (status === 'INACTIVE') return changed;
  for (const a of areas) {
    const existing = stored.find((e) => e.area === a.area);
    if (!existing) continue;
    if (existing.status !== 'ACTIVE' || existing.rent !== a.rent || existing.rooms !== a.rooms || existing.size !== a.size) {
      await db.boligagentArea.update({ where: { id: existing.id }, data: { rent: a.rent, rooms: a.rooms, size: a.size, status: 'ACTIVE' } });
      changed = true;
    }
  }
  return changed;
}
