import { z } from 'zod';
import { locationPath, UTM_PARAMS } from '@husly/domain';
import { SESSION_PREF_AREA_MAX, SESSION_PREFS_MAX, UTM_VALUE_MAX } from './browser/accounts';
import { int32Range, queryParams, text } from './input';

// Shapes of the accounts API (spec section 7, "Users and session"). Field rules and their messages
// live in @husly/domain (validateSignup etc.) and run on both sides; the schemas here only fix the
// shape, so a blank or wrong value reaches those rules and gets the spec's message. Every text is
// `text()` (no NUL, no unpaired surrogate) and every number fits its column: see ./input.
/** Passwords: generous cap so nobody hashes megabytes. */
const password = text(1024);

/** A session pref (pre-login boligagent preference, cookie bn.prf): raw slider values. */
export const sessionPrefSchema = z.object({
  area: text(SESSION_PREF_AREA_MAX).nullish(),
  rent: int32Range().nullish(),
  rooms: int32Range().nullish(),
  size: int32Range().nullish(),
});
export type SessionPref = z.infer<typeof sessionPrefSchema>;
export const sessionPrefsSchema = z.array(sessionPrefSchema).max(SESSION_PREFS_MAX);

// The bn.prf and bn.utm cookies are read without zod (parseSessionPrefsCookie and checkUtm in
// ./browser/accounts.ts, which the browser shares); browser/agreement.spec.ts holds them equal to these schemas.

export const utmSchema = z.object(Object.fromEntries(UTM_PARAMS.map((p) => [p, text(UTM_VALUE_MAX).optional()])) as Record<(typeof UTM_PARAMS)[number], z.ZodOptional<z.ZodString>>);
export type Utm = z.infer<typeof utmSchema>;

/** POST /api/auth/login */
export const loginRequestSchema = z.object({
  email: text(320).default(''),
  password: password.default(''),
  prefs: sessionPrefsSchema.optional(),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** POST /api/auth/handoff: a code that carries this session to the `language` host. */
export const languageHandoffRequestSchema = z.object({ language: z.enum(['da', 'en']) });
export type LanguageHandoffRequest = z.input<typeof languageHandoffRequestSchema>;
export interface LanguageHandoffResponse {
  code: string;
}

/**
 * POST /api/auth/handoff/redeem: a form posted from the other language's page. `next` comes out as
 * a Location-safe local path (locationPath), or null for anything else (the page then lands on /).
 */
export const languageHandoffRedeemSchema = z.object({ code: text(200).default(''), next: text(2000).optional().transform((next) => locationPath(next)) });

/** POST /api/users (signup payload plus utm). */
export const signupRequestSchema = z.object({
  email: text(320).default(''),
  name: text(200).default(''),
  password: password.default(''),
  /** Optional: when sent, it must equal password after trimming. */
  repeatPassword: password.optional(),
  terms: z.boolean().default(false),
  consent_communication: z.boolean().default(false),
  sessionPrefs: sessionPrefsSchema.optional(),
  utm: utmSchema.optional(),
});
export type SignupRequest = z.input<typeof signupRequestSchema>;

export const emailRequestSchema = z.object({ email: text(320).default('') });
export type EmailRequest = z.input<typeof emailRequestSchema>;

export const changeNameRequestSchema = z.object({ name: text(200).default('') });
export const changePasswordRequestSchema = z.object({
  newPassword: password.default(''),
  oldPassword: password.optional(),
  /** Optional repeat; when sent it must equal newPassword after trimming. */
  repeat: password.optional(),
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;
export const setPasswordRequestSchema = z.object({ password: password.default(''), repeat: password.optional() });
export type SetPasswordRequest = z.input<typeof setPasswordRequestSchema>;
export const tokenRequestSchema = z.object({ token: text(200).default('') });
/** GET /api/users/verify?token=: the verification mail's link. */
export const verifyQuerySchema = queryParams(z.object({ token: text(200).default('') }));
/** POST /api/users/verify-password: the query parameters of the reset link (each one value). */
export const verifyPasswordRequestSchema = z.object({ data: z.record(text(100), text(2048)).default({}) });
export type VerifyPasswordRequest = z.input<typeof verifyPasswordRequestSchema>;
export const consentRequestSchema = z.object({ consent: z.boolean() });

const isoDateTime = z.iso.datetime({ offset: true });

/** One subscription as the session needs it (redirects, profile block, user menu). */
export const subscriptionSummarySchema = z.object({
  id: z.string(),
  plan: z.string(),
  label: z.string(),
  status: z.enum(['INCOMPLETE', 'ACTIVE', 'PAUSED', 'CANCELED', 'EXPIRED']),
  startingAt: isoDateTime,
  endingAt: isoDateTime.nullable(),
  renew: z.boolean(),
  /** Gives access right now. */
  active: z.boolean(),
});
export type SubscriptionSummary = z.infer<typeof subscriptionSummarySchema>;

/** The spec's user (section 3) plus what the web needs for its redirects and menus. */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  name: z.string(),
  cellphone: z.string().nullable(),
  facebookId: z.string().nullable(),
  meta: z.array(z.object({ identifier: z.string(), value: z.string() })),
  /** true = email verified. */
  status: z.boolean(),
  language: z.enum(['da', 'en']),
  consentCommunication: z.boolean(),
  consentCommunicationAt: isoDateTime.nullable(),
  /** An active subscription gives access now. */
  subscriber: z.boolean(),
  /** Newest first. */
  subscriptions: z.array(subscriptionSummarySchema),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Login, signup, verification and reset-link answers. */
export const sessionResponseSchema = z.object({ token: z.string(), user: sessionUserSchema });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** GET /api/users/me and the profile edits. */
export const meResponseSchema = z.object({ user: sessionUserSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;

/** Answers that only confirm (reset request, resend). */
export const okResponseSchema = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponseSchema>;

/** GET /api/auth/providers: which social logins are configured. */
export const authProvidersResponseSchema = z.object({ facebook: z.boolean() });
export type AuthProvidersResponse = z.infer<typeof authProvidersResponseSchema>;
