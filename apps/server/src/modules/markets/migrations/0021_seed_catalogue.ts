import type { Kysely } from 'kysely';
import { formatUnits } from '@meridian/core';
import { GENESIS_LISTINGS, GENESIS_QUOTE, GENESIS_TERMS, genesisSymbol } from '../genesis.ts';

// Seeds the catalogue with the coins and markets that were fixed in code before (the
// genesis catalogue every engine journal starts from): a deployment's tables then say
// exactly what its engine trades. Their time is 0: they were listed before any row.
export async function up(db: Kysely<unknown>): Promise<void> {
  const tables = db as Kysely<{
    catalogue_coins: Record<string, unknown>;
    catalogue_markets: Record<string, unknown>;
  }>;
  const coins = [GENESIS_QUOTE, ...GENESIS_LISTINGS.map((l) => l.base)];
  await tables
    .insertInto('catalogue_coins')
    .values(
      coins.map((coin, i) => ({
        code: coin.code,
        name: coin.name,
        decimals: coin.decimals,
        icon: null,
        deposit_enabled: 1,
        withdraw_enabled: 1,
        position: i + 1,
        created_at: 0,
        updated_at: 0,
      })),
    )
    .execute();
  const q = GENESIS_QUOTE.decimals;
  await tables
    .insertInto('catalogue_markets')
    .values(
      GENESIS_LISTINGS.map((l, i) => ({
        symbol: genesisSymbol(l),
        base: l.base.code,
        quote: GENESIS_QUOTE.code,
        tick_size: formatUnits(l.tick, q),
        lot_size: formatUnits(l.lot, l.base.decimals),
        min_notional: formatUnits(GENESIS_TERMS.minNotional, q),
        maker_fee_bps: GENESIS_TERMS.makerFeeBps,
        taker_fee_bps: GENESIS_TERMS.takerFeeBps,
        band_bps: GENESIS_TERMS.bandBps,
        state: 'trading',
        price_decimals: l.priceDecimals,
        quantity_decimals: l.quantityDecimals,
        list_spot: 1,
        list_second: 1,
        // No contract market exists until perpetuals are built: the contract lists answer
        // empty rather than showing spot tickers as contracts.
        list_contract: 0,
        plate: l.plate.join(','),
        reference_price: l.referencePrice,
        volatility_ppm: l.volatilityPpm,
        position: i + 1,
        created_at: 0,
        updated_at: 0,
      })),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const tables = db as Kysely<{ catalogue_markets: object; catalogue_coins: object }>;
  await tables.deleteFrom('catalogue_markets').execute();
  await tables.deleteFrom('catalogue_coins').execute();
}
