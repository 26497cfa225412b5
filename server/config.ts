/**
 * Server configuration, read once from the environment and the command line.
 * Every knob a test needs (token lifetimes, minimum app version, faults) is here
 * so that tests build an app with an explicit config instead of mutating env.
 */
import path from 'node:path';

export interface FaultConfig {
  /** Added latency in ms before each API call. */
  latency: number;
  /** Probability that the connection is dropped before the change is applied. */
  drop: number;
  /** Probability that the connection is dropped after the change is applied ("lost response"). */
  lost: number;
  /** Probability of a 500 or 503 answer before anything is applied. */
  error: number;
  /** Seed of the pseudo-random generator, so that a fault schedule can be replayed. */
  seed: number;
}

export interface ServerConfig {
  port: number;
  host: string;
  /** Folder for the database file and uploaded files; null means in memory (tests). */
  dataDir: string | null;
  /** Access token lifetime in seconds. */
  tokenTtl: number;
  /** Refresh token lifetime in seconds. */
  refreshTtl: number;
  /** Minimum app version the server accepts (GET api/versions/0). */
  minVersionToUse: string;
  /** Folder with the built app to serve at /, or null to serve only the API. */
  staticDir: string | null;
  faults: FaultConfig | null;
  /** Print forgotten-password codes in the log (demo mode). */
  demo: boolean;
  /** Firm prefix of the OS paths (spec: {firm_prefix}). */
  firmPrefix: string;
  /** Log requests (off in tests). */
  logRequests: boolean;
  /** Origins allowed to call the API from another site (CORS_ORIGINS); empty: same origin only. */
  corsOrigins: string[];
  /**
   * The app's build variables when this server serves it (VITE_API_BASE, VITE_MAP_TILES): the CSP's
   * connect-src allows their origins and nothing else besides its own (it allowed any host).
   */
  apiBase?: string | null;
  mapTiles?: string | null;
  /**
   * Reverse proxies in front of the server (TRUST_PROXY=N): the client is the
   * address the Nth nearest proxy saw, the last N entries of X-Forwarded-For;
   * anything further left is the client's own text. 0: the socket's address.
   * (TRUST_PROXY=1 used to trust every hop: a spoofed leftmost address dodged the limits.)
   */
  trustProxy: number;
  /** Attempt limits of the public calls (tests may lower them). */
  limits: AttemptLimits;
  /**
   * Run visit merges and password hashing on the event loop, as before issue 21
   * (bench/server-load compares both in one run); off everywhere else.
   */
  inlineHeavyWork?: boolean;
}

/** At most `max` counted attempts per `windowS` seconds; one more locks the key for `lockS` seconds. */
export interface LimitRule {
  max: number;
  windowS: number;
  lockS: number;
}

export interface AttemptLimits {
  /** Failed sign-ins of one account from one client (successes do not count). */
  login: LimitRule;
  /** Failed sign-ins of one account from any address: a client changing addresses still meets this lock. */
  loginAccount: LimitRule;
  /** From this many failures of one account (any address), each further failure is answered after a delay. */
  loginSlowdown: { after: number; stepMs: number; maxMs: number };
  /**
   * Failed sign-ins from one client, whatever the account (password spraying).
   * Past it, wrong passwords get a 429 but a right one still signs in: many
   * users behind one address are never all locked out.
   */
  loginClient: LimitRule;
  /**
   * Wrong reset or activation codes for one e-mail, from anywhere. A reset code's
   * checks from the address that asked for it are not held by this lock: others'
   * guesses never lock its owner out (issue 21).
   */
  codeEmail: LimitRule;
  /** Wrong reset codes for one e-mail from one address: the first lock a guesser meets. */
  codeEmailClient: LimitRule;
  /** Wrong reset or activation codes from one client. */
  codeClient: LimitRule;
  /** Wrong tries after which a reset code is invalidated (a new one must be asked for). */
  codeTries: number;
  /** Reset codes asked for one e-mail. */
  codeRequest: LimitRule;
  /** Contact forms and registrations sent by one client. */
  contact: LimitRule;
}

export const DEFAULT_LIMITS: AttemptLimits = {
  login: { max: 10, windowS: 15 * 60, lockS: 15 * 60 },
  loginAccount: { max: 30, windowS: 15 * 60, lockS: 15 * 60 },
  loginSlowdown: { after: 10, stepMs: 250, maxMs: 4000 },
  loginClient: { max: 100, windowS: 15 * 60, lockS: 15 * 60 },
  codeEmail: { max: 10, windowS: 3600, lockS: 3600 },
  codeEmailClient: { max: 5, windowS: 3600, lockS: 3600 },
  codeClient: { max: 30, windowS: 3600, lockS: 3600 },
  codeTries: 5,
  codeRequest: { max: 5, windowS: 3600, lockS: 3600 },
  contact: { max: 10, windowS: 3600, lockS: 3600 },
};

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

export function parseFaults(spec: string | undefined): FaultConfig | null {
  if (!spec) return null;
  const faults: FaultConfig = { latency: 0, drop: 0, lost: 0, error: 0, seed: 1 };
  for (const part of spec.split(',')) {
    const [key, raw] = part.split('=');
    const value = Number(raw);
    if (!key || !(key in faults) || !Number.isFinite(value)) {
      throw new Error(`FAULTS: entrée invalide « ${part} » (attendu latency=ms,drop=p,lost=p,error=p,seed=n)`);
    }
    faults[key as keyof FaultConfig] = value;
  }
  return faults;
}

/** TRUST_PROXY: a number of proxy hops (absent or 0: none). */
export function proxyHops(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 0;
  const hops = Number(raw);
  if (!Number.isInteger(hops) || hops < 0 || hops > 10) throw new Error(`TRUST_PROXY : nombre de proxys attendu (0 à 10), reçu « ${raw} »`);
  return hops;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const root = path.resolve(import.meta.dirname, '..');
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: env.DATA_DIR ?? path.join(root, '.data'),
    tokenTtl: Number(env.TOKEN_TTL ?? 3600),
    refreshTtl: Number(env.REFRESH_TTL ?? 30 * 24 * 3600),
    minVersionToUse: env.MIN_VERSION ?? '1.0.0',
    staticDir: env.STATIC_DIR ?? path.join(root, 'dist'),
    faults: parseFaults(env.FAULTS),
    demo: env.DEMO !== '0',
    firmPrefix: env.FIRM_PREFIX ?? 'firm',
    logRequests: env.LOG_REQUESTS === '1',
    corsOrigins: list(env.CORS_ORIGINS),
    apiBase: env.VITE_API_BASE || null,
    mapTiles: env.VITE_MAP_TILES || null,
    trustProxy: proxyHops(env.TRUST_PROXY),
    limits: DEFAULT_LIMITS,
  };
}

/** Config for tests: in memory, no static files, quiet, short tokens when asked. */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: null,
    tokenTtl: 3600,
    refreshTtl: 3600 * 24,
    minVersionToUse: '1.0.0',
    staticDir: null,
    faults: null,
    demo: true,
    firmPrefix: 'firm',
    logRequests: false,
    corsOrigins: [],
    trustProxy: 0,
    limits: DEFAULT_LIMITS,
    ...overrides,
  };
}
