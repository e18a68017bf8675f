import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { envSchema, type Env } from './env.schema';

/** The typed, grouped configuration. Built once from the environment by {@link loadConfig}. */
export interface AppConfig {
  env: Env['NODE_ENV'];
  role: Env['APP_ROLE'];
  /**
   * trustProxy: Fastify's trustProxy (off, every hop, a hop count, or the proxies' addresses/CIDRs):
   * only X-Forwarded-For written by a trusted proxy sets the client address the per-IP limits count.
   */
  http: { port: number; host: string; publicUrl: string; trustProxy: boolean | number | string[] };
  dataDir: string;
  database: { url: string | undefined; embeddedPort: number; poolSize: number };
  /**
   * inMemory: lists from the in-memory snapshot while it is current (else always from the database);
   * itemBytes: the bound of each image class's serialized list items.
   */
  lists: { inMemory: boolean; itemBytes: number };
  queue: { redisUrl: string | undefined; prefix: string };
  /** support: SUPPORT_EMAIL, the inbox of the contact form; sendConcurrency: a send job's mails in flight at once. */
  mail: { smtpUrl: string | undefined; dir: string; from: string; support: string; sendConcurrency: number };
  seed: { demoData: 'auto' | 'always' | 'never' };
  /** facebook: set only when FACEBOOK_APP_ID and FACEBOOK_APP_SECRET are (the login button shows then). */
  auth: { jwtSecret: string; facebook?: { appId: string; appSecret: string } };
  /** Map tiles of the dwelling page (a tile server the browser reaches; tests run a local one). */
  map: { tileUrl: string; attribution: string };
  /**
   * stripe: set when STRIPE_SECRET_KEY is (with its publishable key and webhook secret); unset, the
   * built-in test provider takes payments (never in production: the env schema refuses that).
   */
  payments: {
    stripe?: { secretKey: string; publishableKey: string; webhookSecret: string; apiUrl?: string };
    company: { name: string; address: string; zip: string; city: string; tax: string };
  };
  /**
   * Response headers (common/security-headers.ts): hsts when PUBLIC_URL is https; csp, the extra
   * sources of the Content-Security-Policy (CSP_EXTRA_*), the map tile server's origin among images.
   */
  /** secureCookies: every cookie we write is Secure, as PUBLIC_URL is https. */
  security: { hsts: boolean; secureCookies: boolean; csp: { scriptSrc: string[]; frameSrc: string[]; connectSrc: string[]; imgSrc: string[] } };
  /** token: OPS_TOKEN, the bearer of the health details (unset: the details are a 404). */
  /** token: OPS_TOKEN, the bearer of the health details and the metrics (unset: both are a 404); metricsPort: the worker's metrics port (0: none). */
  ops: { token: string | undefined; metricsPort: number };
  /**
   * Instant push (ADR 0063); unset when off. VAPID keys base64url; endpointOrigins: push services
   * accepted besides the browsers' own (PUSH_EXTRA_ENDPOINT_ORIGINS, lower-cased).
   */
  push?: { publicKey: string; privateKey: string; subject: string; endpointOrigins: string[] };
  logLevel: Env['LOG_LEVEL'];
  logFormat: 'json' | 'text';
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`));
  }
  const env = parsed.data;
  const abs = (p: string) => (isAbsolute(p) ? p : resolve(cwd, p));
  const dataDir = abs(env.DATA_DIR);
  const port = env.PORT;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    role: env.APP_ROLE,
    http: {
      port,
      host: env.HOST,
      publicUrl,
      trustProxy: env.TRUST_PROXY,
    },
    dataDir,
    database: { url: env.DATABASE_URL, embeddedPort: env.EMBEDDED_DB_PORT, poolSize: env.DB_POOL_SIZE },
    lists: { inMemory: env.DWELLING_LISTS_IN_MEMORY === 'true', itemBytes: env.DWELLING_LIST_ITEMS_MB * 1024 * 1024 },
    queue: { redisUrl: env.REDIS_URL, prefix: env.QUEUE_PREFIX },
    mail: { smtpUrl: env.SMTP_URL, dir: abs(env.MAIL_DIR ?? join(env.DATA_DIR, 'mail')), from: env.MAIL_FROM, support: env.SUPPORT_EMAIL, sendConcurrency: env.MAIL_SEND_CONCURRENCY },
    seed: {
      demoData:
        env.NODE_ENV === 'production' || env.SEED_DEMO_DATA === 'false'
          ? 'never'
          : env.SEED_DEMO_DATA === 'true'
            ? 'always'
            : 'auto',
    },
    auth: {
      jwtSecret: env.JWT_SECRET ?? developmentSecret(dataDir),
      ...(env.FACEBOOK_APP_ID && env.FACEBOOK_APP_SECRET ? { facebook: { appId: env.FACEBOOK_APP_ID, appSecret: env.FACEBOOK_APP_SECRET } } : {}),
    },
    map: { tileUrl: env.MAP_TILE_URL, attribution: env.MAP_ATTRIBUTION },
    payments: {
      ...(env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            stripe: {
              secretKey: env.STRIPE_SECRET_KEY,
              publishableKey: env.STRIPE_PUBLISHABLE_KEY,
              webhookSecret: env.STRIPE_WEBHOOK_SECRET,
              ...(env.STRIPE_API_BASE ? { apiUrl: env.STRIPE_API_BASE } : {}),
            },
          }
        : {}),
      company: { name: env.COMPANY_NAME, address: env.COMPANY_ADDRESS, zip: env.COMPANY_ZIP, city: env.COMPANY_CITY, tax: env.COMPANY_CVR },
    },
    security: {
      hsts: publicUrl.startsWith('https://'),
      secureCookies: publicUrl.startsWith('https://'),
      csp: {
        scriptSrc: env.CSP_EXTRA_SCRIPT_SRC,
        frameSrc: env.CSP_EXTRA_FRAME_SRC,
        connectSrc: env.CSP_EXTRA_CONNECT_SRC,
        imgSrc: tileSources(env.MAP_TILE_URL),
      },
    },
    ops: { token: env.OPS_TOKEN, metricsPort: env.METRICS_PORT },
    ...pushConfig(env, dataDir),
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT ?? (env.NODE_ENV === 'production' ? 'json' : 'text'),
  };
}

/**
 * The image source of a Leaflet tile URL template: its origin, with the {s} subdomain placeholder as
 * a wildcard (https://{s}.tile.example.org → https://*.tile.example.org). A relative template is our
 * own origin ('self'); one whose host is not a plain host name allows nothing extra (tiles then fail
 * visibly rather than the policy taking an odd string).
 */
export function tileSources(tileUrl: string): string[] {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(tileUrl.trim());
  if (!match) return [];
  const host = match[2].replace(/\{s\}/g, '*').toLowerCase();
  if (!/^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/.test(host)) return [];
  return [`${match[1].toLowerCase()}://${host}`];
}

/** Push is on with configured keys, or outside production with keys made once in DATA_DIR (none to set up locally). */
function pushConfig(env: Env, dataDir: string): Pick<AppConfig, 'push'> {
  const keysSet = env.VAPID_PUBLIC_KEY !== undefined && env.VAPID_PRIVATE_KEY !== undefined;
  const on = env.PUSH_ENABLED === undefined ? keysSet || env.NODE_ENV !== 'production' : env.PUSH_ENABLED === 'true';
  if (!on) return {};
  const keys = keysSet ? { publicKey: env.VAPID_PUBLIC_KEY as string, privateKey: env.VAPID_PRIVATE_KEY as string } : developmentVapidKeys(dataDir);
  return {
    push: {
      ...keys,
      subject: env.VAPID_SUBJECT ?? `mailto:${env.SUPPORT_EMAIL}`,
      endpointOrigins: env.PUSH_EXTRA_ENDPOINT_ORIGINS.map((origin) => origin.toLowerCase()),
    },
  };
}

/** A VAPID key pair made once and kept (outside production only: the schema refuses push there without keys). */
function developmentVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  mkdirSync(dataDir, { recursive: true });
  const ecdh = createECDH('prime256v1');
  // A private key with a leading zero byte comes out shorter; push libraries want exactly 32 bytes.
  do ecdh.generateKeys();
  while (ecdh.getPrivateKey().length !== 32);
  const keys = { publicKey: ecdh.getPublicKey('base64url'), privateKey: ecdh.getPrivateKey('base64url') };
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

/** Outside production a secret is generated once and kept, so sessions survive restarts. */
function developmentSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
