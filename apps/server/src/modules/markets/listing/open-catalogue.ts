import type { EngineFront } from '../../../engine/engine-front.ts';
import { Catalogue } from '../catalogue.ts';
import type { MarketsDb } from '../tables.ts';
import { reconcileEngine, type Reconciled } from './reconcile.ts';
import { listedCoin, listedMarket, loadCatalogueRows } from './store.ts';

/**
 * Reads the catalogue tables, makes the engine agree with them (listing what it lacks,
 * through journalled commands), and returns the catalogue the platform then follows.
 * An API process (the engine not leading here) only reads: the leader reconciles.
 */
export async function openCatalogue(
  db: MarketsDb,
  engine: EngineFront,
): Promise<{ catalogue: Catalogue; reconciled: Reconciled }> {
  const rows = await loadCatalogueRows(db);
  const reconciled: Reconciled = engine.leads
    ? await reconcileEngine(engine, rows)
    : { assets: [], markets: [], states: [], unrecorded: [] };
  const { coins, markets } = listedRows(rows, engine);
  return { catalogue: new Catalogue(coins, markets), reconciled };
}

/**
 * What another process changed in the catalogue, once this process's engine has applied
 * the commands up to `seq` (the journal carries the listings, the tables the rest).
 */
export async function followCatalogue(
  db: MarketsDb,
  engine: EngineFront,
  catalogue: Catalogue,
  seq: number,
): Promise<void> {
  for (let waited = 0; engine.seq < seq && waited < CATCH_UP_MS; waited += 10) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const { coins, markets } = listedRows(await loadCatalogueRows(db), engine);
  await catalogue.sync(coins, markets);
}

/** How long a process waits for its engine to apply another's catalogue change. */
const CATCH_UP_MS = 5_000;

function listedRows(rows: Awaited<ReturnType<typeof loadCatalogueRows>>, engine: EngineFront) {
  return {
    coins: rows.coins.filter((row) => engine.asset(row.code)).map(listedCoin),
    // A market the engine does not trade yet (a listing still on its way) joins later.
    markets: rows.markets.flatMap((row) => {
      const spec = engine.marketSpec(row.symbol);
      return spec ? [listedMarket(row, spec)] : [];
    }),
  };
}
