import { createECDH, generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { isCommonPassword } from '../common/common-passwords.ts';
import { base64urlBytes } from '../common/push.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../common/schemas.ts';

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(`${p}://`)), {
      message: `must be a URL starting with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    });

/**
 * How a mail job is retried: the defaults of the MAIL_RETRY_* and MAIL_SEND_EXPIRE_SECONDS settings
 * (server/lib/mailer.ts MAIL_RETRY). 30 s, 1 min, 2 min… then hourly, 40 times: over a day and a half.
 * A run still going after `expireInSeconds` is taken for a dead process's and retried; its key's claim
 * is taken over after twice that (sentOnce), which must outlast the longest send (the SMTP timeouts
 * add up to 50 s).
 */
export const DEFAULT_MAIL_RETRY: Required<MailRetry> = { retryLimit: 40, retryDelaySeconds: 30, retryDelayMaxSeconds: 3600, expireInSeconds: 300 };

export type MailRetry = { retryLimit: number; retryDelaySeconds: number; retryDelayMaxSeconds: number; expireInSeconds?: number };

/** The first admin's address when ADMIN_EMAIL is not set (`npm run create-admin`, /setup-admin). */
export const DEFAULT_ADMIN_EMAIL = 'admin@stoked.local';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  PUBLIC_URL: optionalUrl(['http', 'https']),
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  MAIL_FROM: z.string().default('Stoked <no-reply@stoked.local>'),
  // How mails are retried (docs/decisions/0019): production keeps the defaults; a fault bench shortens
  // them so that a crash or an SMTP outage is over in seconds. Bounded so that no value makes a mail
  // wait for ever or a retry storm hit the SMTP server.
  MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(100).default(DEFAULT_MAIL_RETRY.retryLimit),
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(DEFAULT_MAIL_RETRY.retryDelaySeconds),
  MAIL_RETRY_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(DEFAULT_MAIL_RETRY.retryDelayMaxSeconds),
  MAIL_SEND_EXPIRE_SECONDS: z.coerce.number().int().min(5).max(3600).default(DEFAULT_MAIL_RETRY.expireInSeconds),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  RATE_LIMIT_LOGIN_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_SIGNUP_PER_30_MIN: z.coerce.number().int().min(1).default(5),
  SAMPLE_CONTENT: z.enum(['true', 'false', '1', '0']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NOTIFICATION_DIGEST_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
  HTTP_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(2),
  PROCESSES: z.coerce.number().int().min(1).max(16).optional(),
  // Set by the first process of several for the others (server/main.ts): not for people to set.
  STOKED_WORKER: z.coerce.number().int().min(0).max(15).default(0),
  // Fractions allowed (0.5 = 30 minutes); at most a week, past which a report says nothing of today.
  CONDITIONS_TTL_HOURS: z.coerce.number().positive().max(168).default(6),
  // Set by `npm run dev` only: the Vite server whose pages call this API from another origin.
  DEV_WEB_ORIGIN: optionalUrl(['http']),
  REVERSE_GEOCODE_URL: optionalUrl(['http', 'https']),
  MAP_TILE_URL: optionalUrl(['http', 'https']),
  MAP_ATTRIBUTION: z.string().trim().optional(),
  MAP_TILE_CACHE_MB: z.coerce.number().int().min(0).max(2000).default(50),
  S3_ENDPOINT: optionalUrl(['http', 'https']),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: optionalUrl(['http', 'https']),
  // Web Push (issue 21): the VAPID key pair as base64url (`npx web-push generate-vapid-keys`), and who runs the server.
  VAPID_PUBLIC_KEY: z.string().trim().optional(),
  VAPID_PRIVATE_KEY: z.string().trim().optional(),
  VAPID_SUBJECT: z
    .string()
    .trim()
    .optional()
    .refine((v) => v === undefined || /^(mailto:\S+@\S+|https:\/\/\S+)$/.test(v), { message: 'must be a mailto: address or an https:// URL' }),
  // The push services the server may send to: host names (https, their subdomains too) or whole origins.
  PUSH_SERVICES: z
    .string()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((s) => s.trim().toLowerCase())
            .filter(Boolean)
        : undefined,
    )
    .refine((list) => list === undefined || list.every(isPushServiceEntry), { message: 'must list host names or http(s) origins, separated by commas' }),
  ADMIN_EMAIL: z
    .string()
    .trim()
    .toLowerCase()
    .default(DEFAULT_ADMIN_EMAIL)
    .pipe(z.email({ error: 'must be an e-mail address' })),
  // An empty value means unset: a password is then generated when the admin is created.
  ADMIN_PASSWORD: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v.length >= PASSWORD_MIN, { message: `must be at least ${PASSWORD_MIN} characters` })
    .refine((v) => v === undefined || v.length <= PASSWORD_MAX, { message: `must be at most ${PASSWORD_MAX} characters` })
    .refine((v) => v === undefined || !isCommonPassword(v), { message: 'is too common; choose another one' }),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  publicUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  authSecret: string;
  trustProxy: boolean;
  logLevel: string;
  reverseGeocodeUrl: string;
  /** Leaflet tile URL template ({s}, {z}, {x}, {y}) and its attribution (HTML). */
  mapTileUrl: string;
  mapAttribution: string;
  /** Megabytes of map tiles each device keeps for offline use (its service worker); 0: none. */
  mapTileCacheMb: number;
  s3?: { endpoint?: string; region: string; bucket: string; accessKeyId: string; secretAccessKey: string; publicUrl?: string };
  /** Rate limits can be raised by tests that sign many users up from one address. */
  rateLimits: { loginPerMinute: number; signupPer30Min: number; loginFailuresPerHour: number };
  /** Sample places, events, tricks… for an empty database (off by default under NODE_ENV=test). */
  sampleContent: boolean;
  webDist: string;
  /** The first admin (/setup-admin, `npm run create-admin`): without a password one is generated and logged once. */
  admin: { email: string; password?: string };
  /** Minutes between two runs of the notification e-mail digest; 0 turns it off. */
  notificationDigestMinutes: number;
  /** Seconds an anonymous public read is kept in this process (0 turns it off); other servers see a change within it. */
  httpCacheSeconds: number;
  /**
   * Server processes sharing the port (server/main.ts, node:cluster), each rendering its own pages
   * (docs/decisions/0017): by default one per core with PostgreSQL, and one with the embedded
   * database, which belongs to the process that opened it.
   */
  processes: number;
  /** This process's number among them (0 for the first or only one). */
  worker: number;
  /** Hours a condition report stays current (issue 20, item 2); fixed on each report when it is made. */
  conditionsTtlHours: number;
  /** `npm run dev`'s Vite origin, trusted for writes besides PUBLIC_URL; never set by `npm start`. */
  devWebOrigin?: string;
  /** How often each process checks the sessions of its open live streams; a stream outlives its session by at most this. */
  liveSessionCheckMs: number;
  /**
   * Web Push's VAPID keys (base64url) and contact; none when production has no keys configured (push
   * is then off). Elsewhere they are generated once into the data folder.
   */
  push?: { publicKey: string; privateKey: string; subject: string };
  /** Where push subscriptions may point: https host names (and their subdomains) or exact origins. Guards against a subscription aimed inside our network. */
  pushServices: string[];
  /** Milliseconds between two runs of the push sender (0: it runs only when called, as in tests). */
  pushIntervalMs: number;
  /**
   * The job queue (server/lib/jobs.ts): whether this process runs jobs; whether the scheduled ones
   * (digest, cleanup) are scheduled (not under NODE_ENV=test, where a test runs them when it means
   * to); seconds between two looks at a queue no notification woke; how mails are retried (the
   * MAIL_RETRY_* settings; a test app given none gets server/lib/mailer.ts MAIL_RETRY).
   */
  jobs: {
    workers: boolean;
    schedules: boolean;
    pollSeconds: number;
    mailRetry?: MailRetry;
  };
};

/** The push services of the browsers people use (Chrome, Edge, Firefox, Safari, Opera, Samsung Internet). */
export const DEFAULT_PUSH_SERVICES = ['fcm.googleapis.com', 'push.services.mozilla.com', 'notify.windows.com', 'push.apple.com'];

export class ConfigError extends Error {}

/** Reads and validates the environment once; throws ConfigError with a one-line reason. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  // `PORT=` or `NODE_ENV=` (as a compose file or a shell leaves them) means unset, as if absent:
  // otherwise an empty PORT would coerce to 0 (a random port) and an empty mode would be refused.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')} ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(overrides.dataDir ?? e.DATA_DIR);
  const s3Keys = [e.S3_BUCKET, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY];
  if (s3Keys.some(Boolean) && !s3Keys.every(Boolean)) {
    throw new ConfigError('Invalid configuration: S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  if ((e.PROCESSES ?? 1) > 1 && !e.DATABASE_URL) {
    throw new ConfigError('Invalid configuration: PROCESSES above 1 needs DATABASE_URL (the embedded database belongs to one process)');
  }
  let authSecret = overrides.authSecret ?? e.AUTH_SECRET;
  if (!authSecret) {
    if (e.NODE_ENV === 'production') throw new ConfigError('Invalid configuration: AUTH_SECRET is required when NODE_ENV=production');
    authSecret = readOrCreateSecret(dataDir);
  }
  if (e.DEV_WEB_ORIGIN && e.NODE_ENV !== 'development') {
    throw new ConfigError('Invalid configuration: DEV_WEB_ORIGIN is for `npm run dev` only (NODE_ENV=development)');
  }
  if (e.MAIL_RETRY_MAX_DELAY_SECONDS < e.MAIL_RETRY_DELAY_SECONDS) {
    throw new ConfigError('Invalid configuration: MAIL_RETRY_MAX_DELAY_SECONDS must not be below MAIL_RETRY_DELAY_SECONDS');
  }
  const port = overrides.port ?? e.PORT;
  const push = overrides.push ?? vapidKeys(e, dataDir);
  return {
    env: e.NODE_ENV,
    port,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    authSecret,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    reverseGeocodeUrl: e.REVERSE_GEOCODE_URL ?? 'https://nominatim.openstreetmap.org/reverse',
    mapTileUrl: e.MAP_TILE_URL ?? 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
    mapAttribution: e.MAP_ATTRIBUTION || '&copy; OpenStreetMap contributors',
    mapTileCacheMb: e.MAP_TILE_CACHE_MB,
    s3:
      e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            publicUrl: e.S3_PUBLIC_URL,
          }
        : undefined,
    rateLimits: { loginPerMinute: e.RATE_LIMIT_LOGIN_PER_MINUTE, signupPer30Min: e.RATE_LIMIT_SIGNUP_PER_30_MIN, loginFailuresPerHour: 100 },
    sampleContent: e.SAMPLE_CONTENT === undefined ? e.NODE_ENV !== 'test' : e.SAMPLE_CONTENT === 'true' || e.SAMPLE_CONTENT === '1',
    webDist: path.resolve(import.meta.dirname, '../dist/web'),
    admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD },
    notificationDigestMinutes: e.NOTIFICATION_DIGEST_MINUTES,
    httpCacheSeconds: e.HTTP_CACHE_SECONDS,
    processes: e.PROCESSES ?? (e.DATABASE_URL && e.NODE_ENV !== 'test' ? availableParallelism() : 1),
    worker: e.STOKED_WORKER,
    conditionsTtlHours: e.CONDITIONS_TTL_HOURS,
    devWebOrigin: e.DEV_WEB_ORIGIN?.replace(/\/$/, ''),
    liveSessionCheckMs: 2000,
    push,
    pushServices: e.PUSH_SERVICES ?? DEFAULT_PUSH_SERVICES,
    pushIntervalMs: e.NODE_ENV === 'test' ? 0 : 2000,
    jobs: {
      workers: true,
      schedules: e.NODE_ENV !== 'test',
      pollSeconds: 2,
      mailRetry: {
        retryLimit: e.MAIL_RETRY_LIMIT,
        retryDelaySeconds: e.MAIL_RETRY_DELAY_SECONDS,
        retryDelayMaxSeconds: e.MAIL_RETRY_MAX_DELAY_SECONDS,
        expireInSeconds: e.MAIL_SEND_EXPIRE_SECONDS,
      },
    },
    ...overrides,
  };
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/** A host name, or an origin (scheme, host and port, nothing after). */
function isPushServiceEntry(entry: string): boolean {
  if (!entry.includes('://')) return /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/.test(entry);
  try {
    const url = new URL(entry);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === entry.replace(/\/$/, '');
  } catch {
    return false;
  }
}

/** Whether a VAPID private key is the public key's (a mismatched pair has every push refused). */
function isKeyPair(publicKey: string, privateKey: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey().toString('base64url') === publicKey.replace(/=+$/, '');
  } catch {
    return false;
  }
}

/** The key pair kept in `file`, if it is one. */
function readKeptKeys(file: string): { publicKey: string; privateKey: string } | undefined {
  try {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
    const { publicKey, privateKey } = kept;
    if (typeof publicKey !== 'string' || typeof privateKey !== 'string') return undefined;
    return base64urlBytes(publicKey) === 65 && base64urlBytes(privateKey) === 32 && isKeyPair(publicKey, privateKey) ? { publicKey, privateKey } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The VAPID keys from the environment (both or neither), else from the data folder, made there the
 * first time; production without them has push off rather than keys nobody configured.
 */
function vapidKeys(e: z.infer<typeof envSchema>, dataDir: string): Config['push'] {
  const subject = e.VAPID_SUBJECT ?? `mailto:${e.ADMIN_EMAIL}`;
  if (e.VAPID_PUBLIC_KEY || e.VAPID_PRIVATE_KEY) {
    if (!e.VAPID_PUBLIC_KEY || !e.VAPID_PRIVATE_KEY) throw new ConfigError('Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together');
    if (base64urlBytes(e.VAPID_PUBLIC_KEY) !== 65)
      throw new ConfigError('Invalid configuration: VAPID_PUBLIC_KEY must be a P-256 public key in base64url (65 bytes)');
    if (base64urlBytes(e.VAPID_PRIVATE_KEY) !== 32)
      throw new ConfigError('Invalid configuration: VAPID_PRIVATE_KEY must be a P-256 private key in base64url (32 bytes)');
    if (!isKeyPair(e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY))
      throw new ConfigError('Invalid configuration: VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY');
    return { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject };
  }
  if (e.NODE_ENV === 'production') return undefined;
  const file = path.join(dataDir, 'vapid.json');
  // A file that cannot be read as a pair (damaged, edited by hand) is replaced, as the auth secret is:
  // browsers subscribed with the old keys renew their subscription on their next visit.
  const kept = existsSync(file) ? readKeptKeys(file) : undefined;
  if (kept) return { ...kept, subject };
  const jwk = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ format: 'jwk' });
  const publicKey = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, 'base64url'), Buffer.from(jwk.y!, 'base64url')]).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify({ publicKey, privateKey: jwk.d }) + '\n', { mode: 0o600 });
  return { publicKey, privateKey: jwk.d!, subject };
}
