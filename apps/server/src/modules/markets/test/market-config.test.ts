import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../kernel/config.ts';
import { coinRates } from '../coin-rates.ts';

describe('market configuration', () => {
  it('defaults to the simulated index, a tick a second, three days of history and makers', () => {
    expect(loadConfig({}).market).toEqual({
      indexSource: 'simulated',
      tickMs: 1000,
      historyDays: 3,
      marketMakers: true,
      indexRetentionHours: 48,
    });
  });

  it('accepts ccxt:<exchange> and refuses anything else', () => {
    expect(loadConfig({ INDEX_SOURCE: 'ccxt:binance' }).market.indexSource).toBe('ccxt:binance');
    expect(() => loadConfig({ INDEX_SOURCE: 'binance' })).toThrow(ConfigError);
    expect(() => loadConfig({ INDEX_SOURCE: 'ccxt:' })).toThrow(/INDEX_SOURCE/);
  });

  it('COIN_RATES replaces published rates and adds currencies', () => {
    expect(() => loadConfig({ COIN_RATES: 'CNY=abc' })).toThrow(/COIN_RATES/);
    const text = loadConfig({ COIN_RATES: 'CNY=7.25,CHF=0.8' }).coinRates;
    const rates = coinRates(text);
    expect(rates[0]).toEqual({ code: 'cny', name: 'CNY', symbol: '¥', rate: '7.25' });
    expect(rates.at(-1)).toEqual({ code: 'chf', name: 'CHF', symbol: 'CHF', rate: '0.8' });
    expect(coinRates(undefined).find((r) => r.code === 'cny')?.rate).toBe('7.10');
  });
});
