import { isIP } from 'node:net';
import { z } from 'zod';

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(`${p}://`)), {
      message: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    });

const optionalSecret = z.string().trim().optional().transform((v) => (v === '' ? undefined : v));
/**
 * A list of extra Content-Security-Policy sources (e.g. the payment provider's), separated by spaces
 * or commas. Only https origins, optionally with a leading *. wildcard, so nothing else (a quote, a
 * ';' starting another directive) reaches the header.
 */
const CSP_SOURCE = /^https:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{1,5})?$/i;
const cspSources = z
  .string()
  .default('')
  .transform((v) => v.split(/[\s,]+/).filter((source) => source !== ''))
  .refine((sources) => sources.every((source) => CSP_SOURCE.test(source)), {
    message: 'must be https origins (https://js.stripe.com, https://*.example.com) separated by spaces or commas',
  });

/** proxy-addr's named ranges, which Fastify's trustProxy accepts beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An address, a CIDR (address/prefix) or a named range, as Fastify's trustProxy list takes them. */
export function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: whose X-Forwarded-For decides the client address. Off unless set: anyone could
 * otherwise pick their own address and step around every per-IP limit.
 */
const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx): boolean | number | string[] => {
    if (v === undefined || v === '' || v === 'false') return false;
    if (v === 'true') return true;
    if (/^\d+$/.test(v)) return Number(v);
    const entries = v.split(',').map((e) => e.trim());
    const bad = entries.filter((e) => !isProxyAddress(e));
    if (bad.length > 0) {
      ctx.addIssue({ code: 'custom', message: `must be true, false, a hop count, or addresses/CIDRs (or loopback, linklocal, uniquelocal) separated by commas; not ${bad.join(', ')}` });
      return z.NEVER;
    }
    return entries;
  });

/** Every environment variable the portal reads, validated once at boot. Nothing else reads process.env. */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: z.string().url().optional(),
    TRUST_PROXY: trustProxy,
    APP_ROLE: z.enum(['all', 'web', 'worker']).default('all'),
    DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
    DATA_DIR: z.string().default('var'),
    EMBEDDED_DB_PORT: z.coerce.number().int().min(0).max(65535).default(0),
    DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    /** Dwelling lists answered from an in-memory snapshot when it is current (docs/decisions/0004). */
    DWELLING_LISTS_IN_MEMORY: z.enum(['true', 'false']).default('true'),
    /** Megabytes of serialized list items each process keeps, per image class (visitor, subscriber). */
    DWELLING_LIST_ITEMS_MB: z.coerce.number().int().min(1).max(4096).default(128),
    REDIS_URL: optionalUrl(['redis', 'rediss']),
    QUEUE_PREFIX: z.string().regex(/^[a-z0-9:_-]+$/i).default('husly'),
    SMTP_URL: optionalUrl(['smtp', 'smtps']),
    MAIL_DIR: z.string().optional(),
    MAIL_FROM: z.string().default('Husly <noreply@husly.dk>'),
    /**
     * Mails one send job (boligagent, favourites) has in flight at once. Together with the jobs a process runs
     * at once it should keep every connection of the SMTP pool (SMTP_URL's maxConnections) busy (issue 35).
     */
    MAIL_SEND_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(16),
    /** Where the contact form of /info/contact is mailed (the sender's address goes in Reply-To). */
    SUPPORT_EMAIL: z
      .preprocess((v) => (typeof v === 'string' ? v.trim() || undefined : v), z.email('must be an email address').optional())
      .transform((v) => v ?? 'support@husly.dk'),
    SEED_DEMO_DATA: z.enum(['auto', 'true', 'false']).default('auto'),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** The bearer token of GET /api/health/details (modes, mail target, version); unset, that answer is a 404. */
    OPS_TOKEN: optionalSecret.refine((v) => v === undefined || v.length >= 32, { message: 'must be at least 32 characters (e.g. openssl rand -hex 32)' }),
    /** The worker's metrics port (GET /metrics with OPS_TOKEN); 0: none. The web serves /api/metrics instead. */
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(0),
    MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    MAP_ATTRIBUTION: z.string().default('© OpenStreetMap-bidragydere'),
    /** Sources the Content-Security-Policy allows besides our own origin (the payment provider's, later). */
    CSP_EXTRA_SCRIPT_SRC: cspSources,
    CSP_EXTRA_FRAME_SRC: cspSources,
    CSP_EXTRA_CONNECT_SRC: cspSources,
    /** Facebook login: enabled only when both are set. */
    FACEBOOK_APP_ID: z.string().trim().optional().transform((v) => (v === '' ? undefined : v)),
    FACEBOOK_APP_SECRET: z.string().trim().optional().transform((v) => (v === '' ? undefined : v)),
    /** Payments: Stripe when STRIPE_SECRET_KEY is set, else the built-in test provider (refused in production). */
    STRIPE_SECRET_KEY: optionalSecret,
    STRIPE_PUBLISHABLE_KEY: optionalSecret,
    STRIPE_WEBHOOK_SECRET: optionalSecret,
    /** Where the Stripe SDK sends its calls; only tests and local mocks change it. */
    STRIPE_API_BASE: optionalUrl(['http', 'https']),
    /** The seller block of every receipt (spec section 3, Transaction.company). */
    COMPANY_NAME: z.string().trim().min(1).default('Husly ApS'),
    COMPANY_ADDRESS: z.string().trim().min(1).default('Vestergade 1'),
    COMPANY_ZIP: z.string().trim().regex(/^\d{4}$/, 'must be a 4-digit postal code').default('8000'),
    COMPANY_CITY: z.string().trim().min(1).default('Aarhus C'),
    COMPANY_CVR: z.string().trim().regex(/^\d{8}$/, 'must be an 8-digit CVR number').default('12345678'),
    /**
     * Instant push (docs/decisions/0063-instant-push.md): on when PUSH_ENABLED=true, or unset and either the
     * VAPID keys are set or this is not production (development and tests make their own keys in DATA_DIR).
     */
    PUSH_ENABLED: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.enum(['true', 'false']).optional()),
    /** The VAPID key pair (RFC 8292), base64url: the public key uncompressed P-256 (65 bytes), the private 32 bytes. */
    VAPID_PUBLIC_KEY: optionalSecret.refine((v) => v === undefined || /^[A-Za-z0-9_-]{87}$/.test(v), { message: 'must be a base64url uncompressed P-256 public key (87 characters, e.g. from `npx web-push generate-vapid-keys`)' }),
    VAPID_PRIVATE_KEY: optionalSecret.refine((v) => v === undefined || /^[A-Za-z0-9_-]{43}$/.test(v), { message: 'must be a base64url P-256 private key (43 characters)' }),
    /** Who the push services may contact about our pushes: a mailto: or https: URL (default: mailto:SUPPORT_EMAIL). */
    VAPID_SUBJECT: optionalSecret.refine((v) => v === undefined || /^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/.test(v), { message: 'must be a mailto: or https: URL' }),
    /**
     * Push service origins accepted besides the browsers' own (FCM, Mozilla, Windows, Apple); http ones
     * only outside production. Tests name their local push service here.
     */
    PUSH_EXTRA_ENDPOINT_ORIGINS: z
      .string()
      .default('')
      .transform((v) => v.split(/[\s,]+/).filter((origin) => origin !== ''))
      .refine((origins) => origins.every((origin) => /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i.test(origin)), { message: 'must be origins (scheme, host, optional port) separated by spaces or commas' }),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** json: one JSON object a line (production's default, for a log shipper); text: for a person. */
    LOG_FORMAT: z.enum(['json', 'text']).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required when NODE_ENV=production' });
    }
    if (env.NODE_ENV === 'production') {
      // The built-in test payment provider takes any test card: never in production.
      for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when NODE_ENV=production (the test payment provider never runs there)' });
      }
    }
    if (env.STRIPE_SECRET_KEY && !(env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_WEBHOOK_SECRET)) {
      ctx.addIssue({ code: 'custom', path: [env.STRIPE_PUBLISHABLE_KEY ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_PUBLISHABLE_KEY'], message: 'Stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET together' });
    }
    if (Boolean(env.FACEBOOK_APP_ID) !== Boolean(env.FACEBOOK_APP_SECRET)) {
      ctx.addIssue({ code: 'custom', path: [env.FACEBOOK_APP_ID ? 'FACEBOOK_APP_SECRET' : 'FACEBOOK_APP_ID'], message: 'Facebook login needs both FACEBOOK_APP_ID and FACEBOOK_APP_SECRET' });
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({ code: 'custom', path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'], message: 'push needs both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY' });
    }
    if (env.NODE_ENV === 'production' && env.PUSH_ENABLED === 'true' && !(env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)) {
      // Generated keys would change with every new machine, and every subscription would stop working.
      for (const key of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when NODE_ENV=production and push is on (PUSH_ENABLED=true)' });
      }
    }
    if (env.NODE_ENV === 'production' && env.PUSH_EXTRA_ENDPOINT_ORIGINS.some((origin) => origin.toLowerCase().startsWith('http:'))) {
      ctx.addIssue({ code: 'custom', path: ['PUSH_EXTRA_ENDPOINT_ORIGINS'], message: 'production sends pushes over https only' });
    }
    if (env.NODE_ENV === 'production' && env.SEED_DEMO_DATA === 'true') {
      ctx.addIssue({ code: 'custom', path: ['SEED_DEMO_DATA'], message: 'production never seeds demo accounts' });
    }
  });

export type Env = z.infer<typeof envSchema>;
