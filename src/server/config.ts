import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

/** An optional address setting, read by `parse` (null when it is not usable), refused with `message`. */
const addressSetting = <T>(parse: (value: string) => T | null, message: string) =>
  optionalText.transform((value, context) => {
    if (value === undefined) return undefined;
    const parsed = parse(value);
    if (parsed === null) {
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return parsed;
  });

const environment = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText,
  PG_PORT: z.coerce.number().int().min(1).max(65535).default(5433),
  ADMIN_PASSWORD: optionalText,
  ACCESS_CODES: optionalText,
  /** `on`: the private-preview gate asks for an access code; `off`: the app is open to everyone (public launch). */
  ACCESS_GATE: z.enum(['on', 'off'], { error: 'use on or off' }).default('on'),
  /** What a new viewer starts with. */
  NEW_VIEWER_COINS: z.coerce.number().int().min(0).max(100_000_000).default(0),
  NEW_VIEWER_BONUSES: z.coerce.number().int().min(0).max(100_000_000).default(0),
  /** New viewers per minute per client address. */
  VIEWER_CREATION_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  /** Writes (likes, saves, progress, check-ins, purchases, unlocks) per minute per viewer. */
  VIEWER_WRITE_RATE_LIMIT: z.coerce.number().int().min(1).default(300),
  APP_NAME: z.string().default('Cliffhanger'),
  SUPPORT_EMAIL: z.string().default('support@cliffhanger.example'),
  SEED: z.enum(['demo', 'none']).default('demo'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Attempts per minute per client address on the access gate and the admin login. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Requests per minute per client address on the rest of the API. */
  API_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  /** Requests per minute per client address for files under /media (a video is many segments). */
  MEDIA_RATE_LIMIT: z.coerce.number().int().min(1).default(3000),
  /** Event batches per minute per client address (the player sends one every few seconds). */
  EVENTS_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
  /** Days raw insight events are kept; the daily rollups are kept for good. */
  INSIGHT_EVENTS_RETENTION_DAYS: z.coerce.number().int().min(1).default(90),
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).default(365),
  /** Which proxies to believe for X-Forwarded-For/-Proto: a hop count, their addresses, or (unsafe) `true`. */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, context) => {
      const parsed = parseTrustProxy(value);
      if (parsed === null) {
        context.addIssue({
          code: 'custom',
          message: 'use false, a number of proxies (1), their addresses or networks (10.0.0.0/8,192.168.1.2), or true',
        });
        return z.NEVER;
      }
      return parsed;
    }),
  ADMIN_SESSION_HOURS: z.coerce.number().positive().default(12),
  /** The built client to serve (default dist/client). */
  CLIENT_DIR: optionalText,
  /** The web app's server build that renders viewer pages (default: ssr/entry-server.js beside the client). */
  SSR_ENTRY: optionalText,
  /** Largest episode video an operator may upload, in MB. */
  MAX_UPLOAD_MB: z.coerce.number().positive().default(2048),
  /** Transcodes this server runs at once; 0 leaves the queue to other instances. */
  TRANSCODE_CONCURRENCY: z.coerce.number().int().min(0).max(8).default(1),
  /** Where encoded demo media is cached across data directories (default node_modules/.cache/cliffhanger-media). */
  MEDIA_CACHE_DIR: optionalText,
  /** The public origin of this app, as browsers reach it (e.g. https://cliffhanger.example). */
  PUBLIC_URL: addressSetting(
    parsePublicOrigin,
    'use the http(s) origin browsers reach this app at, like https://cliffhanger.example (no path)',
  ),
  /** Where published media lives: this machine's disk (DATA_DIR/media) or an S3-compatible bucket. */
  MEDIA_STORAGE: z.enum(['local', 's3']).default('local'),
  /** The S3 API's address (MinIO, Ceph, R2...); unset: AWS's own for S3_REGION. */
  S3_ENDPOINT: optionalText,
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: optionalText,
  /** Unset: the SDK's usual sources (environment, instance role). */
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Bucket in the path (endpoint/bucket/key) rather than the host name; most non-AWS stores need it. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0']).default('false'),
  /** Where browsers fetch media (a CDN in front of this server's /media), e.g. https://cdn.example/media. */
  MEDIA_PUBLIC_URL: addressSetting(
    parseMediaBase,
    "use the http(s) address that serves this app's /media, like https://cdn.example/media (no query)",
  ),
  /** How long a media token of a locked-capable episode opens its folder, in minutes. */
  MEDIA_TOKEN_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(10),
  /** Stripe takes real payments where set; unset: the preview credits a purchase at once and charges nothing. */
  STRIPE_SECRET_KEY: optionalText,
  /** The signing secret of the webhook endpoint Stripe sends events to (whsec_…). */
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Another address for Stripe's API (a local stand-in in tests), e.g. http://127.0.0.1:12111. */
  STRIPE_API_BASE: addressSetting(parseMediaBase, 'use an http(s) address, like http://127.0.0.1:12111'),
  /** The currency of the coin packages' prices, ISO 4217 in lower case. */
  PAYMENTS_CURRENCY: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{3}$/, 'use a three-letter currency code, like usd or eur')
    .default('usd'),
  AUTH_GOOGLE_CLIENT_ID: optionalText,
  AUTH_GOOGLE_CLIENT_SECRET: optionalText,
  AUTH_GOOGLE_ISSUER: optionalText,
  AUTH_APPLE_CLIENT_ID: optionalText,
  AUTH_APPLE_TEAM_ID: optionalText,
  AUTH_APPLE_KEY_ID: optionalText,
  AUTH_APPLE_PRIVATE_KEY: optionalText,
  AUTH_APPLE_ISSUER: optionalText,
  AUTH_SLUSH_CLIENT_ID: optionalText,
  AUTH_SLUSH_CLIENT_SECRET: optionalText,
  AUTH_SLUSH_ISSUER: optionalText,
  /** The weekly VIP pass: its price, in PAYMENTS_CURRENCY (lower-case ISO 4217), as it is shown. */
  VIP_PRICE: z.coerce.number().positive().max(10_000).default(19.99),
  /** The VAPID key pair new-episode alerts are signed with (base64url, as `web-push generate-vapid-keys` prints
   * them); unset: generated at the first start and kept in the database. */
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  /** Who push services may contact about our alerts: a mailto: or https: address (default PUBLIC_URL or SUPPORT_EMAIL). */
  VAPID_SUBJECT: optionalText,
  /** For tests only: lets a subscription name a push service on a private or loopback address (a local stand-in). */
  PUSH_ALLOW_PRIVATE_ENDPOINTS: z.enum(['true', 'false', '1', '0']).default('false'),
});

export type Config = ReturnType<typeof loadConfig>;

/** How the app signs in with one OpenID Connect provider: a client secret, or Apple's signing key for one. */
export interface SignInProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret?: string;
  /** Apple: the client secret is a token signed with this key, made afresh as it is needed. */
  appleKey?: { teamId: string; keyId: string; privateKey: string };
  /** Apple answers with a form posted to the callback. */
  formPost: boolean;
}

export type SignInProviderName = 'google' | 'apple' | 'slush';

const DEFAULT_ISSUERS: Record<SignInProviderName, string | undefined> = {
  google: 'https://accounts.google.com',
  apple: 'https://appleid.apple.com',
  // Slush has no issuer of its own to assume: its sign-in is configured with the issuer it uses.
  slush: undefined,
};

/**
 * The sign-in providers configured here; a provider without its client id is left to the preview sign-in. A
 * provider given only part of what it needs is a mistake worth stopping for, and so is an issuer that is not a
 * URL (plain http only on this machine, as a test's provider is).
 */
export function parseSignInProviders(environmentValues: Record<string, unknown>): {
  providers: Partial<Record<SignInProviderName, SignInProviderSettings>>;
  problems: string[];
} {
  const providers: Partial<Record<SignInProviderName, SignInProviderSettings>> = {};
  const problems: string[] = [];
  const env = (name: string) => {
    const value = environmentValues[name];
    return typeof value === 'string' && value.trim() ? value.trim() : undefined;
  };
  const issuerOf = (name: SignInProviderName) => {
    const variable = `AUTH_${name.toUpperCase()}_ISSUER`;
    const issuer = env(variable) ?? DEFAULT_ISSUERS[name];
    if (issuer === undefined) {
      problems.push(`  ${variable}: name the issuer ${name} signs in with`);
      return undefined;
    }
    if (!isIssuerUrl(issuer)) {
      problems.push(`  ${variable}: use the issuer's https URL (http only for localhost)`);
      return undefined;
    }
    return issuer;
  };
  const needs = (name: SignInProviderName, variables: string[]) => {
    const missing = variables.filter((variable) => !env(variable));
    for (const variable of missing) problems.push(`  ${variable}: needed to sign in with ${name}`);
    return missing.length === 0;
  };
  for (const name of ['google', 'slush'] as const) {
    const prefix = `AUTH_${name.toUpperCase()}`;
    if (!env(`${prefix}_CLIENT_ID`)) continue;
    const issuer = issuerOf(name);
    if (!needs(name, [`${prefix}_CLIENT_SECRET`]) || issuer === undefined) continue;
    providers[name] = {
      issuer,
      clientId: env(`${prefix}_CLIENT_ID`)!,
      clientSecret: env(`${prefix}_CLIENT_SECRET`)!,
      formPost: false,
    };
  }
  if (env('AUTH_APPLE_CLIENT_ID')) {
    const issuer = issuerOf('apple');
    if (needs('apple', ['AUTH_APPLE_TEAM_ID', 'AUTH_APPLE_KEY_ID', 'AUTH_APPLE_PRIVATE_KEY']) && issuer) {
      providers.apple = {
        issuer,
        clientId: env('AUTH_APPLE_CLIENT_ID')!,
        appleKey: {
          teamId: env('AUTH_APPLE_TEAM_ID')!,
          keyId: env('AUTH_APPLE_KEY_ID')!,
          // A key pasted into one line keeps its line breaks as \n.
          privateKey: env('AUTH_APPLE_PRIVATE_KEY')!.replace(/\\n/g, '\n'),
        },
        formPost: true,
      };
    }
  }
  return { providers, problems };
}

function isIssuerUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** MEDIA_PUBLIC_URL without a trailing slash, or null when it is not an http(s) address without credentials or query. */
export function parseMediaBase(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || url.search || url.hash || /[?#]/.test(value)) return null;
  return url.href.replace(/\/+$/, '');
}

/**
 * TRUST_PROXY for Fastify's `trustProxy`: a hop count trusts that many proxies in front of us, a list of addresses
 * or networks trusts only those (the safest), and `true` trusts every hop (so a client can write its own address).
 */
export function parseTrustProxy(value: string): boolean | string | ((address: string, hop: number) => boolean) | null {
  const text = value.trim();
  if (text === 'false' || text === '' || text === '0') return false;
  if (text === 'true') return true;
  if (/^[1-9]\d{0,1}$/.test(text)) {
    // The nearest `hops` addresses (the socket's peer first) are proxies; the next one out is the client.
    // Fastify takes a bare number as "trust nothing", so the count is given as a function.
    const hops = Number(text);
    return (_address, hop) => hop < hops;
  }
  const entries = text.split(',').map((e) => e.trim());
  const valid = entries.every((entry) => {
    const [address, bits, ...rest] = entry.split('/');
    if (rest.length > 0 || !address) return false;
    const family = isIP(address);
    if (family === 0) return false;
    if (bits === undefined) return true;
    return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
  });
  return valid ? entries.join(',') : null;
}

/**
 * PUBLIC_URL as an origin ("https://cliffhanger.example", no trailing slash), or null when it is not one: only http(s),
 * no credentials, and nothing after the host and port but an optional "/".
 */
export function parsePublicOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return null;
  // new URL() keeps a bare "?" or "#" out of search and hash, but they are not part of an origin either.
  if (/[?#]/.test(value)) return null;
  return url.origin;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = environment.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${problems}`);
  }
  const e = parsed.data;
  const signIn = parseSignInProviders(e);
  if (signIn.problems.length > 0) throw new Error(`Invalid environment:\n${signIn.problems.join('\n')}`);
  if (e.MEDIA_STORAGE === 's3' && !e.S3_BUCKET) {
    throw new Error('Invalid environment:\n  S3_BUCKET: set the bucket media is kept in (MEDIA_STORAGE=s3)');
  }
  const payments = paymentsSettings(e);
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    databaseUrl: e.DATABASE_URL,
    pgPort: e.PG_PORT,
    adminPassword: e.ADMIN_PASSWORD,
    accessCodes: e.ACCESS_CODES?.split(',')
      .map((c) => c.trim().toUpperCase())
      .filter(Boolean),
    accessGate: e.ACCESS_GATE,
    newViewer: { coins: e.NEW_VIEWER_COINS, bonuses: e.NEW_VIEWER_BONUSES },
    viewerCreationRateLimit: e.VIEWER_CREATION_RATE_LIMIT,
    viewerWriteRateLimit: e.VIEWER_WRITE_RATE_LIMIT,
    appName: e.APP_NAME,
    supportEmail: e.SUPPORT_EMAIL,
    seed: e.SEED,
    logLevel: e.LOG_LEVEL,
    authRateLimit: e.AUTH_RATE_LIMIT,
    apiRateLimit: e.API_RATE_LIMIT,
    mediaRateLimit: e.MEDIA_RATE_LIMIT,
    eventsRateLimit: e.EVENTS_RATE_LIMIT,
    insightEventsRetentionDays: e.INSIGHT_EVENTS_RETENTION_DAYS,
    /** Days the operators' audit log keeps an entry. */
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    trustProxy: e.TRUST_PROXY,
    adminSessionMs: e.ADMIN_SESSION_HOURS * 3600_000,
    clientDir: e.CLIENT_DIR ? path.resolve(e.CLIENT_DIR) : undefined,
    ssrEntry: e.SSR_ENTRY ? path.resolve(e.SSR_ENTRY) : undefined,
    maxUploadBytes: Math.floor(e.MAX_UPLOAD_MB * 1024 * 1024),
    transcodeConcurrency: e.TRANSCODE_CONCURRENCY,
    mediaCacheDir: e.MEDIA_CACHE_DIR ? path.resolve(e.MEDIA_CACHE_DIR) : undefined,
    /** The app's public origin (PUBLIC_URL), e.g. "https://cliffhanger.example"; unset: known only from requests. */
    publicOrigin: e.PUBLIC_URL,
    /** The OpenID Connect providers configured for the login dialog's buttons (AUTH_<PROVIDER>_…). */
    signInProviders: signIn.providers,
    /** The VIP pass's weekly price (VIP_PRICE) and the currency of every price (PAYMENTS_CURRENCY). */
    vip: { price: e.VIP_PRICE, currency: e.PAYMENTS_CURRENCY },
    /**
     * "address:port" endpoints the thumbnail fetch may reach although they are not public. Deliberately not
     * read from the environment: only tests set it (for their own loopback image server).
     */
    artworkAllowedEndpoints: [] as string[],
    mediaStorage:
      e.MEDIA_STORAGE === 's3'
        ? ({
            kind: 's3',
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET!,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true' || e.S3_FORCE_PATH_STYLE === '1',
            /** Unset: the store's default (15 s); tests make a stalled store fail sooner. */
            requestTimeoutMs: undefined as number | undefined,
          } as const)
        : ({ kind: 'local' } as const),
    /** The base browsers fetch /media files from: a CDN's address, else this server's own /media. */
    mediaPublicUrl: e.MEDIA_PUBLIC_URL,
    mediaTokenMs: Math.round(e.MEDIA_TOKEN_MINUTES * 60_000),
    payments,
    push: pushSettings(e),
  };
}

/** New-episode alerts: the VAPID keys when both are set (else the stored or generated pair) and whom they name. */
function pushSettings(e: z.infer<typeof environment>) {
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new Error(
      'Invalid environment:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both, or neither (then a pair is generated)',
    );
  }
  const subject = e.VAPID_SUBJECT ?? (e.PUBLIC_URL?.startsWith('https:') ? e.PUBLIC_URL : `mailto:${e.SUPPORT_EMAIL}`);
  if (!/^(mailto:|https:\/\/)/.test(subject)) {
    throw new Error('Invalid environment:\n  VAPID_SUBJECT: use a mailto: or https: address');
  }
  return {
    vapidKeys: e.VAPID_PUBLIC_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY! } : undefined,
    subject,
    allowPrivateEndpoints: e.PUSH_ALLOW_PRIVATE_ENDPOINTS === 'true' || e.PUSH_ALLOW_PRIVATE_ENDPOINTS === '1',
    /**
     * A certificate (PEM) to trust besides the usual ones when posting to push services. Deliberately not read
     * from the environment: only tests set it, for their own local push service (NODE_EXTRA_CA_CERTS elsewhere).
     */
    trustedCertificate: undefined as string | undefined,
    /** How long a push service keeps an alert for an offline browser, in seconds. */
    ttlSeconds: 24 * 3600,
  };
}

/** Stripe where its key is set (with its webhook secret and the public address to come back to), else the preview. */
function paymentsSettings(e: z.infer<typeof environment>) {
  const currency = e.PAYMENTS_CURRENCY;
  if (!e.STRIPE_SECRET_KEY) return { kind: 'preview', currency } as const;
  const problems = [
    ...(e.STRIPE_WEBHOOK_SECRET ? [] : ['  STRIPE_WEBHOOK_SECRET: set the signing secret of the webhook endpoint']),
    ...(e.PUBLIC_URL ? [] : ['  PUBLIC_URL: set the address Stripe sends buyers back to']),
  ];
  if (problems.length > 0) throw new Error(`Invalid environment:\n${problems.join('\n')}`);
  return {
    kind: 'stripe',
    currency,
    secretKey: e.STRIPE_SECRET_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
    apiBase: e.STRIPE_API_BASE,
    publicOrigin: e.PUBLIC_URL!,
  } as const;
}
