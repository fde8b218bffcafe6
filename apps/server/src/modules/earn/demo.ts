import { dailyIncome, rateToPpm } from '@meridian/core';
import type { EngineFront } from '../../engine/engine-front.ts';
import { systemAccount, poolAccount, earnFundingPool, formatUnits } from '@meridian/core';
import type { EarnDb } from './tables.ts';

/**
 * The seeded default products of a demo deployment (PRODUCT.md 3: the values the seed
 * leaves out are seeded defaults, editable by operators, shown before a user commits).
 * Each is funded once, from operator capital, with exactly the income its whole capacity
 * could earn, so none of them ever has to refuse for funding while it has capacity.
 */
export const DEMO_PRODUCTS = [
  ['pledge-usdt-7', 'pledge', null, 'USDT', '100', '50000', '0.0008', 7, 5, '1000000', '0.01'],
  ['pledge-usdt-30', 'pledge', null, 'USDT', '500', '100000', '0.0012', 30, 3, '2000000', '0.03'],
  ['pledge-eth-60', 'pledge', null, 'ETH', '0.1', '200', '0.0006', 60, 3, '5000', '0.03'],
  ['pledge-btc-90', 'pledge', null, 'BTC', '0.01', '10', '0.0004', 90, 2, '200', '0.05'],
  [
    'finance-usdt-14',
    'finance',
    'benefit',
    'USDT',
    '100',
    '20000',
    '0.001',
    14,
    1,
    '500000',
    '0.02',
  ],
  [
    'finance-usdt-vip-30',
    'finance',
    'vip',
    'USDT',
    '1000',
    '200000',
    '0.0018',
    30,
    2,
    '3000000',
    '0.03',
  ],
  [
    'finance-usdt-90',
    'finance',
    'ordinary',
    'USDT',
    '100',
    '100000',
    '0.0009',
    90,
    5,
    '5000000',
    '0.03',
  ],
  [
    'finance-usdt-180',
    'finance',
    'ordinary',
    'USDT',
    '1000',
    '500000',
    '0.0011',
    180,
    3,
    '5000000',
    '0.05',
  ],
] as const;

export const DEMO_TIME_ZONE = 'Asia/Hong_Kong';

export async function seedDemoProducts(
  db: EarnDb,
  engine: Pick<EngineFront, 'asset' | 'adjust'>,
  now: number,
): Promise<void> {
  for (const [
    id,
    kind,
    section,
    coin,
    min,
    max,
    rate,
    days,
    limit,
    capacity,
    penalty,
  ] of DEMO_PRODUCTS) {
    const asset = engine.asset(coin);
    if (!asset) continue;
    const scale = (v: string) => {
      const [whole, frac = ''] = v.split('.');
      return BigInt(whole! + frac.padEnd(asset.decimals, '0'));
    };
    await db
      .insertInto('earn_products')
      .values({
        id,
        kind,
        section,
        coin,
        min_units: scale(min).toString(),
        max_units: scale(max).toString(),
        daily_rate: rate,
        cycle_days: days,
        per_user_limit: limit,
        capacity_units: scale(capacity).toString(),
        subscribed_units: '0',
        penalty_rate: penalty,
        time_zone: DEMO_TIME_ZONE,
        vip_only: section === 'vip' ? 1 : 0,
        state: 'active',
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const income = dailyIncome(scale(capacity), rateToPpm(rate)) * BigInt(days);
    // A fixed reference: funded once whatever the restarts (the engine refuses a repeat).
    await engine.adjust(
      systemAccount('operator_capital', coin),
      poolAccount(earnFundingPool(id), coin),
      coin,
      formatUnits(income, asset.decimals),
      `demo-earn-${id}`,
    );
  }
}
