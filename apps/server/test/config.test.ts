import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/kernel/config.ts';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      head: 'core',
      brand: 'Meridian',
      defaultLanguage: 'en',
      supportLinks: [],
      databaseUrl: undefined,
      timezone: null,
    });
    expect(config.languages).toHaveLength(13);
    expect(config.dataDir).toMatch(/data$/);
  });

  it('reads lists and overrides', () => {
    const config = loadConfig({
      PORT: '9000',
      API_HEAD: 'api2',
      LANGUAGES: 'en, ja,tw',
      DEFAULT_LANGUAGE: 'ja',
      SUPPORT_LINKS: 'https://support.example.org/chat, mailto:help@example.org',
      TIMEZONE: 'Asia/Hong_Kong',
    });
    expect(config).toMatchObject({
      port: 9000,
      head: 'api2',
      languages: ['en', 'ja', 'tw'],
      defaultLanguage: 'ja',
      supportLinks: ['https://support.example.org/chat', 'mailto:help@example.org'],
      timezone: 'Asia/Hong_Kong',
    });
  });

  it('turns demo mode on by itself only for SQLite on a loopback address', () => {
    const demo = (env: Record<string, string>) => loadConfig(env).demoMode;
    expect(demo({})).toBe(true);
    expect(demo({ HOST: 'localhost' })).toBe(true);
    expect(demo({ HOST: '::1' })).toBe(true);
    expect(demo({ HOST: '0.0.0.0' })).toBe(false);
    expect(demo({ HOST: '192.168.1.20' })).toBe(false);
    expect(demo({ HOST: '0.0.0.0', DEMO_MODE: 'true' })).toBe(true);
    expect(demo({ DATABASE_URL: 'postgres://db/x' })).toBe(false);
  });

  it('keeps the engine journal in files unless told to keep it in PostgreSQL, which needs DATABASE_URL', () => {
    expect(loadConfig({}).engineStore).toBe('file');
    expect(
      loadConfig({ ENGINE_STORE: 'postgres', DATABASE_URL: 'postgres://db/x' }).engineStore,
    ).toBe('postgres');
    expect(() => loadConfig({ ENGINE_STORE: 'postgres' })).toThrow(
      /ENGINE_STORE: postgres needs DATABASE_URL/,
    );
    expect(() => loadConfig({ ENGINE_STORE: 'nats' })).toThrow(/ENGINE_STORE/);
  });

  it('starts an API or engine process only with the journal in PostgreSQL, Redis and NATS', () => {
    const shared = {
      ENGINE_STORE: 'postgres',
      DATABASE_URL: 'postgres://db/x',
      REDIS_URL: 'redis://r:6379',
      NATS_URL: 'nats://n:4222',
    };
    expect(loadConfig({}).role).toBe('all');
    expect(loadConfig({ ...shared, ROLE: 'api' })).toMatchObject({
      role: 'api',
      natsUrl: 'nats://n:4222',
    });
    expect(() => loadConfig({ ROLE: 'api' })).toThrow(
      /ROLE: api needs ENGINE_STORE=postgres, REDIS_URL, NATS_URL/,
    );
    expect(() => loadConfig({ ...shared, NATS_URL: '', ROLE: 'api' })).toThrow(/NATS_URL/);
    expect(loadConfig({ ...shared, ROLE: 'engine' }).role).toBe('engine');
    expect(() => loadConfig({ ROLE: 'engine' })).toThrow(
      /ROLE: engine needs ENGINE_STORE=postgres, REDIS_URL, NATS_URL/,
    );
    expect(() => loadConfig({ ...shared, REDIS_URL: '', ROLE: 'engine' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ ...shared, ROLE: 'standby' })).toThrow(/ROLE/);
  });

  it('shares state through Redis only when given a redis:// URL', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe(
      'redis://127.0.0.1:6379',
    );
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL/);
  });

  it('runs the market makers by default only in a demo on the simulated index', () => {
    const makers = (env: Record<string, string>) => loadConfig(env).market.marketMakers;
    expect(makers({})).toBe(true);
    expect(makers({ DEMO_MODE: 'false' })).toBe(false);
    expect(makers({ DATABASE_URL: 'postgres://db/x' })).toBe(false);
    expect(makers({ INDEX_SOURCE: 'ccxt:binance' })).toBe(false);
    // A deployment turns them on (or off) knowingly.
    expect(makers({ DEMO_MODE: 'false', MARKET_MAKERS: 'true' })).toBe(true);
    expect(makers({ MARKET_MAKERS: 'false' })).toBe(false);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ LANGUAGES: 'en,xx' }, 'LANGUAGES'],
    [{ LANGUAGES: 'en,ja', DEFAULT_LANGUAGE: 'ko' }, 'DEFAULT_LANGUAGE'],
    [{ SUPPORT_LINKS: 'not a url' }, 'SUPPORT_LINKS'],
    [{ API_HEAD: 'a/b' }, 'API_HEAD'],
  ])('refuses %o naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});
