import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { LANGUAGE_CODES, languageSchema, type Language } from '@meridian/contract';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** `CNY=7.2,EUR=0.9`: each entry replaces a default rate or adds a currency. */
export const COIN_RATES_PATTERN = /^[A-Za-z]{3}=\d+(\.\d+)?(,[A-Za-z]{3}=\d+(\.\d+)?)*$/;

export interface MarketConfig {
  /** `simulated`, or `ccxt:<exchange id>`. */
  indexSource: string;
  /** Milliseconds between index ticks (simulated) or polls (ccxt). */
  tickMs: number;
  /** Days of simulated history made on a new deployment's first start (0: none). */
  historyDays: number;
  marketMakers: boolean;
  /** Index ticks older than this are deleted. */
  indexRetentionHours: number;
}

const commaList = z.string().transform((text) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== ''),
);

/**
 * Every environment variable the platform reads. The README lists the same set; a bad
 * value stops the start with a message that names the variable.
 */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /**
   * Where the engine keeps its journal and snapshots: `file` (DATA_DIR/engine, one
   * process) or `postgres` (DATABASE_URL's tables: a second process started the same way
   * is a hot standby that takes over when the leader stops).
   */
  ENGINE_STORE: z.enum(['file', 'postgres']).default('file'),
  /**
   * `all` runs the engine (or waits as its standby) and every scheduled job, and serves
   * calls, sockets and the web app; `engine` does the same but serves only its health, the
   * calls and sockets being the API processes'; `api` serves calls and sockets only, with
   * a replica of the engine whose commands go to the leader over NATS. `engine` and `api`
   * need ENGINE_STORE=postgres, REDIS_URL and NATS_URL.
   */
  ROLE: z.enum(['all', 'engine', 'api']).default('all'),
  /** NATS: API processes send engine commands to the leader through it (ROLE=api). */
  NATS_URL: z
    .string()
    .regex(/^(nats|tls):\/\//, 'must be a nats:// or tls:// URL')
    .optional(),
  API_HEAD: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default('core'),
  BRAND: z.string().min(1).default('Meridian'),
  LANGUAGES: commaList.pipe(z.array(languageSchema).min(1)).optional(),
  DEFAULT_LANGUAGE: languageSchema.default('en'),
  SUPPORT_LINKS: commaList.pipe(z.array(z.string().url())).default([]),
  API_ROOT: z.string().default(''),
  SOCKET_URL: z.string().default(''),
  TIMEZONE: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT: z.coerce.number().int().min(1024).default(1_048_576),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  WEB_DIST: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Meridian <no-reply@meridian.local>'),
  MQTT_URL: z
    .string()
    .regex(/^(mqtts?|wss?):\/\//, 'must be an mqtt://, mqtts://, ws:// or wss:// URL')
    .optional(),
  /**
   * Shared state between platform processes: session revocation reaches every process
   * at once, and rate limits, signed-request replays and the user socket's per-user cap
   * count across all of them (`kernel/cluster/`). Unset: one process keeps them in memory.
   */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  DEMO_MODE: z.enum(['true', 'false', '1', '0']).optional(),
  INDEX_SOURCE: z
    .string()
    .regex(/^(simulated|ccxt:[a-z0-9]+)$/, 'must be "simulated" or "ccxt:<exchange id>"')
    .default('simulated'),
  MARKET_TICK_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  MARKET_HISTORY_DAYS: z.coerce.number().int().min(0).max(30).default(3),
  MARKET_MAKERS: z.enum(['true', 'false', '1', '0']).optional(),
  INDEX_RETENTION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(48),
  /** 32 bytes (64 hex digits or base64) that encrypt API-key HMAC secrets at rest. */
  API_KEY_ENCRYPTION_KEY: z
    .string()
    .regex(/^([0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$/, 'must be 32 bytes as 64 hex digits or base64')
    .optional(),
  API_KEY_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(1200),
  COIN_RATES: z.string().regex(COIN_RATES_PATTERN, 'must look like CNY=7.1,EUR=0.86').optional(),
  /** Largest file an upload may be (document photos); 5 MB by default. */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .max(50 * 1024 * 1024)
    .default(5 * 1024 * 1024),
  /** Deposit addresses: the BIP84 account key (m/84'/0'/0', xpub or zpub) for Bitcoin. */
  DEPOSIT_XPUB_BTC: z
    .string()
    .regex(/^(xpub|zpub)[1-9A-HJ-NP-Za-km-z]{100,112}$/, 'must be an xpub or zpub')
    .optional(),
  /** The BIP44 account key (m/44'/60'/0', xpub) every EVM network derives from. */
  DEPOSIT_XPUB_EVM: z
    .string()
    .regex(/^xpub[1-9A-HJ-NP-Za-km-z]{100,112}$/, 'must be an xpub')
    .optional(),
  /** `BTC=2,ETH=12`: confirmations before a coin's deposit is credited (replaces defaults). */
  DEPOSIT_CONFIRMATIONS: z
    .string()
    .regex(/^[A-Z0-9]{2,12}=\d{1,4}(,[A-Z0-9]{2,12}=\d{1,4})*$/, 'must look like BTC=2,ETH=12')
    .optional(),
  /** Milliseconds between blocks of the simulated chain (0: only when asked, for tests). */
  DEPOSIT_BLOCK_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
  /** An Esplora HTTP API (`https://blockstream.info/api`): Bitcoin deposits are watched there. */
  DEPOSIT_ESPLORA_URL: z
    .string()
    .url()
    .regex(/^https?:\/\//, 'must be an http(s) URL')
    .optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The engine's journal and snapshots: files, or PostgreSQL with standby processes. */
  engineStore: 'file' | 'postgres';
  /**
   * `all`: the engine and the jobs (or their standby), and every call; `engine`: the same
   * serving only its health; `api`: calls and sockets only.
   */
  role: 'all' | 'engine' | 'api';
  /** Where API processes and the engine leader exchange commands; unset, none can. */
  natsUrl: string | undefined;
  head: string;
  brand: string;
  languages: Language[];
  defaultLanguage: Language;
  supportLinks: string[];
  apiRoot: string;
  socketUrl: string;
  timezone: string | null;
  logLevel: string;
  bodyLimit: number;
  trustProxy: boolean;
  webDist: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** An external MQTT broker; without it the platform embeds one at `/mqtt`. */
  mqttUrl: string | undefined;
  /** Redis for state shared between processes; unset, it stays in this process's memory. */
  redisUrl: string | undefined;
  apiKeys: {
    /** Encrypts HMAC secrets at rest; without it only demo mode makes one (in the data dir). */
    encryptionKey: Buffer | null;
    /** Signed requests per minute per key, across every call. */
    perMinute: number;
  };
  /** Demo users, demo balances and the readable outbox; on by default with SQLite only. */
  demoMode: boolean;
  /** The market: index source, tick interval, history, market makers, tick retention. */
  market: MarketConfig;
  /** Published reference rates replacing or adding to the defaults (`CNY=7.1,EUR=0.86`). */
  coinRates: string | undefined;
  /** Uploaded files (document photos): the largest accepted, in bytes. */
  uploadMaxBytes: number;
  /** On-chain deposits: account xpubs, confirmations per coin, the simulated chain's pace. */
  deposits: DepositConfig;
  version: string;
}

export interface DepositConfig {
  /** Account-level extended public keys; a missing one is made in demo mode only. */
  xpubs: { bip84: string | undefined; evm: string | undefined };
  /** Confirmations per coin, replacing the defaults for the coins named. */
  confirmations: Record<string, number>;
  blockMs: number;
  /** Bitcoin is watched through this Esplora API instead of the simulated chain. */
  esploraUrl: string | undefined;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, version = '0.0.0'): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const languages = e.LANGUAGES ?? [...LANGUAGE_CODES];
  if (e.ENGINE_STORE === 'postgres' && !e.DATABASE_URL) {
    throw new ConfigError('Invalid configuration:\n  ENGINE_STORE: postgres needs DATABASE_URL');
  }
  if (e.ROLE !== 'all') {
    const missing = [
      ...(e.ENGINE_STORE === 'postgres' ? [] : ['ENGINE_STORE=postgres']),
      ...(e.REDIS_URL ? [] : ['REDIS_URL']),
      ...(e.NATS_URL ? [] : ['NATS_URL']),
    ];
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n  ROLE: ${e.ROLE} needs ${missing.join(', ')}`,
      );
    }
  }
  if (!languages.includes(e.DEFAULT_LANGUAGE)) {
    throw new ConfigError('Invalid configuration:\n  DEFAULT_LANGUAGE: must be one of LANGUAGES');
  }
  // Demo accounts have public passwords: on by default only for the embedded database on a
  // loopback address; anything reachable from elsewhere must ask for it by name.
  const demoMode = e.DEMO_MODE
    ? e.DEMO_MODE === 'true' || e.DEMO_MODE === '1'
    : !e.DATABASE_URL && isLoopback(e.HOST);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    engineStore: e.ENGINE_STORE,
    role: e.ROLE,
    natsUrl: e.NATS_URL,
    head: e.API_HEAD,
    brand: e.BRAND,
    languages,
    defaultLanguage: e.DEFAULT_LANGUAGE,
    supportLinks: e.SUPPORT_LINKS,
    apiRoot: e.API_ROOT.replace(/\/+$/, ''),
    socketUrl: e.SOCKET_URL.replace(/\/+$/, ''),
    timezone: e.TIMEZONE ?? null,
    logLevel: e.LOG_LEVEL,
    bodyLimit: e.BODY_LIMIT,
    trustProxy: e.TRUST_PROXY,
    webDist: path.resolve(e.WEB_DIST),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mqttUrl: e.MQTT_URL,
    redisUrl: e.REDIS_URL,
    apiKeys: {
      encryptionKey: e.API_KEY_ENCRYPTION_KEY
        ? Buffer.from(
            e.API_KEY_ENCRYPTION_KEY,
            e.API_KEY_ENCRYPTION_KEY.length === 64 ? 'hex' : 'base64',
          )
        : null,
      perMinute: e.API_KEY_PER_MINUTE,
    },
    demoMode,
    market: {
      indexSource: e.INDEX_SOURCE,
      tickMs: e.MARKET_TICK_MS,
      historyDays: e.MARKET_HISTORY_DAYS,
      // The bots quote with money the platform minted for them: on by default only in a
      // demo on the simulated index; a real deployment turns them on knowingly.
      marketMakers: e.MARKET_MAKERS
        ? e.MARKET_MAKERS === 'true' || e.MARKET_MAKERS === '1'
        : demoMode && e.INDEX_SOURCE === 'simulated',
      indexRetentionHours: e.INDEX_RETENTION_HOURS,
    },
    coinRates: e.COIN_RATES,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    deposits: {
      xpubs: { bip84: e.DEPOSIT_XPUB_BTC, evm: e.DEPOSIT_XPUB_EVM },
      confirmations: Object.fromEntries(
        (e.DEPOSIT_CONFIRMATIONS ?? '')
          .split(',')
          .filter((entry) => entry !== '')
          .map((entry) => {
            const [coin, count] = entry.split('=') as [string, string];
            return [coin, Math.max(1, Number(count))];
          }),
      ),
      blockMs: e.DEPOSIT_BLOCK_MS,
      esploraUrl: e.DEPOSIT_ESPLORA_URL,
    },
    version,
  };
}

/** Whether `host` only listens on this machine. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}
