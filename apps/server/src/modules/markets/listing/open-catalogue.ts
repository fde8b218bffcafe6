import type { EngineFront } from '../../../engine/engine-front.ts';
import { Catalogue } from '../catalogue.ts';
import type { MarketsDb } from '../tables.ts';
import { reconcileEngine, type Reconciled } from './reconcile.ts';
import { listedCoin, listedMarket, loadCatalogueRows } from './store.ts';

/**
 * Reads the catalogue tables, makes the engine agree with them (listing what it lacks,
 * through journalled commands), and returns the catalogue the platform then follows.
 */
export async function openCatalogue(
  db: MarketsDb,
  engine: EngineFront,
): Promise<{ catalogue: Catalogue; reconciled: Reconciled }> {
  const rows = await loadCatalogueRows(db);
  const reconciled = await reconcileEngine(engine, rows);
  const catalogue = new Catalogue(
    rows.coins.map(listedCoin),
    rows.markets.map((row) => listedMarket(row, engine.marketSpec(row.symbol)!)),
  );
  return { catalogue, reconciled };
}
