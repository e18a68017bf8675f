import { BOLIGAGENT_MAX_MAP_AREAS, readSearchArea, writeSearchArea } from '@husly/domain';
import { z } from 'zod';
import { intInput, queryParams, text } from './input';

// Request and response shapes of /api/boligagents (spec section 7 "Boligagents"). Texts are
// `text()` and numbers `intInput()` (a number, or its digits from a query string): see ./input.

const limit = intInput().nullable().optional();
/** Ids are positive int4 values. */
const positiveId = intInput({ min: 1 });

/** One preference as the web sends it: raw slider values; the API rounds (spec section 9). */
export const boligagentPrefInputSchema = z.object({
  area: text(100).trim().nullable().optional(),
  rent: limit,
  rooms: limit,
  size: limit,
});
export type BoligagentPrefInputBody = z.infer<typeof boligagentPrefInputSchema>;

/** A drawn area the agent watches: the search URL's `area` (read by the domain's reader, written canonical) and a pref's sliders. */
export const boligagentMapAreaInputSchema = z.object({
  area: text(1_000).transform((value, ctx) => {
    const read = readSearchArea(value);
    if (read.error) {
      ctx.addIssue({ code: 'custom', message: read.error.message, params: { code: read.error.code } });
      return z.NEVER;
    }
    return writeSearchArea(read.value);
  }),
  rent: limit,
  rooms: limit,
  size: limit,
});
export type BoligagentMapAreaInputBody = z.infer<typeof boligagentMapAreaInputSchema>;
/** Drawn areas per agent, at most (defined in the domain: the web's message names it too). */
export { BOLIGAGENT_MAX_MAP_AREAS };

export const boligagentFrequencySchema = z.enum(['instant', 'daily', 'weekly']);
export type BoligagentFrequencyValue = z.infer<typeof boligagentFrequencySchema>;

/** POST /api/boligagents: a visitor sends an email; a logged-in user may omit it. */
export const createBoligagentSchema = z.object({
  email: text(254).trim().nullable().optional(),
  prefs: z.array(boligagentPrefInputSchema).max(50).default([]),
  mapAreas: z.array(boligagentMapAreaInputSchema).max(BOLIGAGENT_MAX_MAP_AREAS).default([]),
  language: z.enum(['da', 'en']).optional(),
  frequency: boligagentFrequencySchema.optional(),
});
export type CreateBoligagentBody = z.infer<typeof createBoligagentSchema>;

/**
 * Calls that change an agent name it by its token (a visitor, from the mail links) or by the
 * bearer token of its user; `id` (the agent id) is accepted as the spec sends it and must match.
 */
const agentRef = {
  token: text(100).trim().optional(),
  id: positiveId.optional(),
};

/** PUT /api/boligagents {id, area, prefs, ...}: `area` is the row being edited, `prefs` its new values. */
export const updateBoligagentSchema = z.object({
  ...agentRef,
  area: text(100).trim().optional(),
  prefs: z.array(boligagentPrefInputSchema).max(50).optional(),
  /** Drawn areas to add (or whose sliders to change: the area is the key). */
  mapAreas: z.array(boligagentMapAreaInputSchema).max(BOLIGAGENT_MAX_MAP_AREAS).optional(),
  frequency: boligagentFrequencySchema.optional(),
  enabled: z.boolean().optional(),
  language: z.enum(['da', 'en']).optional(),
});
export type UpdateBoligagentBody = z.infer<typeof updateBoligagentSchema>;

/** PUT /api/boligagents/pref {id, area}: activate; DELETE /api/boligagents/pref?id=&area= */
export const boligagentPrefRefSchema = z.object({ ...agentRef, area: text(100).trim().min(1) });
export type BoligagentPrefRef = z.infer<typeof boligagentPrefRefSchema>;
/** DELETE /api/boligagents/pref?id=&area=&token=: the same, one value per parameter. */
export const boligagentPrefRefQuerySchema = queryParams(boligagentPrefRefSchema);

/** DELETE /api/boligagents/map-area?areaId=&id=&token=: one drawn area of the agent (its view's `mapAreas[].id`). */
export const boligagentMapAreaRefQuerySchema = queryParams(z.object({ ...agentRef, areaId: positiveId }));
export type BoligagentMapAreaRef = z.infer<typeof boligagentMapAreaRefQuerySchema>;

export const boligagentRefSchema = z.object(agentRef);
/** DELETE /api/boligagents?id=&token= */
export const boligagentRefQuerySchema = queryParams(boligagentRefSchema);

/** A token in the path (GET /api/boligagents/{token}, .../verify, unsubscribe/{token}). */
export const boligagentTokenParamSchema = z.object({ token: text(200) });

/** POST /api/boligagents/settings */
export const boligagentSettingsSchema = z.object({
  ...agentRef,
  autoAdjust: z.boolean().optional(),
  frequency: boligagentFrequencySchema.optional(),
  enabled: z.boolean().optional(),
  /** Mails when a dwelling the agent sent drops its rent or comes back on the market (ADR 0062). */
  changeAlerts: z.boolean().optional(),
});
export type BoligagentSettingsBody = z.infer<typeof boligagentSettingsSchema>;

/** POST /api/boligagents/adjust {area, current, user, detail}: a logged-in user's search. */
export const boligagentAdjustSchema = z.object({
  area: text(100).trim().min(1),
  current: boligagentPrefInputSchema.omit({ area: true }).default({}),
  user: positiveId.optional(),
  detail: positiveId.optional(),
});
export type BoligagentAdjustBody = z.infer<typeof boligagentAdjustSchema>;

/** POST /api/notificationLog {user, source, type, dwellingId}: a click on a link of a boligagent mail. */
export const notificationLogSchema = z.object({
  user: text(100).trim().min(1),
  source: text(40).trim().min(1).default('boligagent'),
  type: text(40).trim().min(1).default('click'),
  dwellingId: positiveId.nullable().optional(),
});
export type NotificationLogBody = z.infer<typeof notificationLogSchema>;

export interface BoligagentPrefView {
  id: number;
  /** City slug. */
  area: string;
  areaLabel: string;
  /** null = no limit / any. */
  rent: number | null;
  rooms: number | null;
  size: number | null;
  status: 'active' | 'inactive';
}

/** An agent as its owner sees it (GET /api/boligagents/{token}, GET /api/boligagents). */
export interface BoligagentView {
  id: number;
  email: string;
  token: string;
  verified: boolean;
  autoAdjust: boolean;
  frequency: BoligagentFrequencyValue;
  enabled: boolean;
  /** Change alerts: a mail when a dwelling it sent drops its rent or comes back on the market. */
  changeAlerts: boolean;
  language: 'da' | 'en';
  prefs: BoligagentPrefView[];
  /** Drawn areas (the search URL's `area`), with their sliders. */
  mapAreas: BoligagentMapAreaView[];
}

export interface BoligagentMapAreaView {
  id: number;
  area: string;
  rent: number | null;
  rooms: number | null;
  size: number | null;
  status: 'active' | 'inactive';
}

/** POST /api/boligagents by a visitor: the same answer whether or not the email had an agent. */
export interface BoligagentVerificationSent {
  verificationSent: true;
}

export type CreateBoligagentResponse = BoligagentVerificationSent | { verificationSent: false; agent: BoligagentView };
