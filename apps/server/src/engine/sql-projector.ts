import type { Insertable, Updateable } from 'kysely';
import {
  formatUnits,
  Market,
  parseUnits,
  parseAccount,
  type CommandResult,
  type EngineConfig,
} from '@meridian/core';
import { backfillUnits } from './units-backfill.ts';
import { acceptedOrderRow, orderEffect, quantityText, tradeFillRow } from './event-rows.ts';
import type { EngineDb, EngineTables } from './tables.ts';
import { kyselyWriter, type ProjectionWriter } from './projection-writer.ts';

type OrderRow = Insertable<EngineTables['trade_orders']>;
type Change = {
  filledLots?: number;
  filled?: string;
  status?: string;
  reason?: string;
  triggered?: true;
  ts: number;
};

const NAME = 'engine';

/**
 * Writes the engine's acknowledged results into the query tables: orders, fills,
 * postings and balances, one transaction per batch together with the last projected
 * sequence number, so a restart knows exactly which results still need writing.
 */
export class SqlProjector {
  /** Assets listed since the last write: `ledger_assets` rows for the next one. */
  private readonly listedAssets: Array<{ code: string; decimals: number }> = [];

  private constructor(
    private readonly write: ProjectionWriter,
    private readonly markets: Map<string, Market>,
    private readonly decimals: Map<string, number>,
    private readonly balances: Map<string, bigint>,
    /** Filled lots of the orders still open, by id. */
    private readonly open: Map<number, { lots: number }>,
    private projected: number,
  ) {}

  /** `writer` writes each transaction; Kysely's own by default (any dialect). */
  static async open(
    db: EngineDb,
    config: EngineConfig,
    writer: ProjectionWriter = kyselyWriter(db),
  ): Promise<SqlProjector> {
    await backfillUnits(db, config);
    await db
      .insertInto('ledger_assets')
      .values(config.assets.map((a) => ({ code: a.code, decimals: a.decimals })))
      .onConflict((oc) =>
        oc.column('code').doUpdateSet((eb) => ({ decimals: eb.ref('excluded.decimals') })),
      )
      .execute();
    // The configured assets and every one listed since (its row written with its listing).
    const decimals = new Map(
      (await db.selectFrom('ledger_assets').select(['code', 'decimals']).execute()).map((a) => [
        a.code,
        Number(a.decimals),
      ]),
    );
    const balances = new Map<string, bigint>();
    for (const row of await db
      .selectFrom('ledger_balances')
      .select(['account', 'asset', 'balance'])
      .execute()) {
      balances.set(
        row.account,
        parseUnits(row.balance, decimals.get(row.asset) ?? 0, { allowNegative: true }),
      );
    }
    const markets = new Map(config.markets.map((m) => [m.symbol, new Market(m)]));
    const open = new Map<number, { lots: number }>();
    const rows = await db
      .selectFrom('trade_orders')
      .select(['id', 'filled_lots'])
      .where('status', 'in', ['open', 'waiting'])
      .execute();
    for (const row of rows) open.set(Number(row.id), { lots: Number(row.filled_lots) });
    const state = await db
      .selectFrom('engine_projection')
      .select('last_seq')
      .where('name', '=', NAME)
      .executeTakeFirst();
    return new SqlProjector(
      writer,
      markets,
      decimals,
      balances,
      open,
      Number(state?.last_seq ?? 0),
    );
  }

  /** Releases the writer's own resources; call once nothing more is to be projected. */
  async close(): Promise<void> {
    await this.write.close?.();
  }

  /** The sequence number of the last result written. */
  get lastSeq(): number {
    return this.projected;
  }

  /**
   * Takes in every asset and market the engine knows beyond the configured ones (listed
   * by command before its snapshot or in the journal replayed since), before the replayed
   * results are projected: some of them may have been projected before the restart.
   */
  adopt(catalogue: EngineConfig): void {
    for (const asset of catalogue.assets) this.assetListed(asset.code, asset.decimals);
    for (const spec of catalogue.markets) {
      if (!this.markets.has(spec.symbol)) this.markets.set(spec.symbol, new Market(spec));
    }
  }

  private assetListed(code: string, decimals: number): void {
    if (this.decimals.get(code) === decimals) return;
    this.decimals.set(code, decimals);
    this.listedAssets.push({ code, decimals });
  }

  async project(results: CommandResult[]): Promise<void> {
    const fresh = results.filter((r) => r.seq > this.projected);
    if (fresh.length === 0) return;
    const inserts = new Map<number, OrderRow>();
    const changes = new Map<number, Change>();
    const fills: Array<Insertable<EngineTables['trade_fills']>> = [];
    const postings: Array<Insertable<EngineTables['ledger_postings']>> = [];
    const touched = new Map<string, number>();
    const change = (id: number, ts: number): Change => {
      let c = changes.get(id);
      if (!c) changes.set(id, (c = { ts }));
      c.ts = ts;
      return c;
    };

    for (const result of fresh) {
      for (const e of result.events) {
        if (e.type === 'asset_listed') this.assetListed(e.asset, e.decimals);
        else if (e.type === 'market_listed') {
          if (!this.markets.has(e.market)) this.markets.set(e.market, new Market(e.spec));
        } else if (e.type === 'accepted') {
          const m = this.markets.get(e.market)!;
          inserts.set(e.orderId, acceptedOrderRow(e, m.spec, result.ts));
          this.open.set(e.orderId, { lots: 0 });
        } else if (e.type === 'trade') {
          const m = this.markets.get(e.market)!;
          fills.push(tradeFillRow(e, m.spec, result.seq, result.ts));
          for (const id of [e.makerOrderId, e.takerOrderId]) {
            const order = this.open.get(id)!;
            order.lots += e.lots;
            const c = change(id, result.ts);
            c.filledLots = order.lots;
            c.filled = quantityText(m.spec, order.lots);
          }
        } else {
          const effect = orderEffect(e);
          if (!effect) continue;
          const c = change(effect.orderId, result.ts);
          c.status = effect.status;
          if (effect.triggered) c.triggered = true;
          if (effect.reason) c.reason = effect.reason;
          if (effect.status !== 'open') this.open.delete(effect.orderId);
        }
      }
      const batch = result.postings;
      for (let i = 0; i < batch.length; i++) {
        const asset = batch.asset(i);
        const from = batch.from(i);
        const to = batch.to(i);
        const amount = batch.amount(i);
        postings.push({
          id: batch.id(i),
          seq: result.seq,
          asset,
          from_account: from,
          to_account: to,
          amount: formatUnits(amount, this.decimals.get(asset)!),
          amount_units: amount.toString(),
          reason: batch.reason(i),
          ref_kind: batch.refKind(i),
          ref_id: batch.refId(i),
          created_at: batch.ts(i),
        });
        this.balances.set(from, (this.balances.get(from) ?? 0n) - amount);
        this.balances.set(to, (this.balances.get(to) ?? 0n) + amount);
        touched.set(from, result.seq);
        touched.set(to, result.seq);
      }
    }

    for (const [id, row] of inserts) {
      const c = changes.get(id);
      if (!c) continue;
      changes.delete(id);
      Object.assign(row, orderUpdate(c));
    }
    const lastSeq = fresh.at(-1)!.seq;
    const assets = this.listedAssets.splice(0);
    await this.write({
      assets,
      orders: [...inserts.values()],
      changes: [...changes].map(([id, c]) => [id, orderUpdate(c)]),
      fills,
      postings,
      balances: [...touched].map(([account, seq]) => {
        const ref = parseAccount(account);
        return {
          account,
          asset: ref.asset,
          user_id: ref.kind === 'user' ? ref.user : null,
          balance: formatUnits(this.balances.get(account)!, this.decimals.get(ref.asset)!),
          balance_units: this.balances.get(account)!.toString(),
          updated_seq: seq,
        };
      }),
      name: NAME,
      lastSeq,
    });
    this.projected = lastSeq;
  }
}

function orderUpdate(c: Change): Updateable<EngineTables['trade_orders']> {
  return {
    updated_at: c.ts,
    ...(c.status ? { status: c.status } : {}),
    ...(c.reason ? { cancel_reason: c.reason } : {}),
    ...(c.triggered ? { triggered: 1 } : {}),
    ...(c.filled !== undefined ? { filled: c.filled, filled_lots: c.filledLots! } : {}),
  };
}
