import { formatUnits } from '@meridian/core';
import { outputKey, type ChainWatcher, type SeenOutput } from './watcher.ts';

/** Esplora answers a block's transactions 25 at a time. */
const PAGE = 25;
const HASH = /^[0-9a-f]{64}$/;

interface EsploraTx {
  txid: string;
  vout: Array<{ scriptpubkey_address?: string; value: number }>;
}

/**
 * A Bitcoin watcher over the Esplora HTTP API (Blockstream's explorer, or a self-hosted
 * electrs): it reads each new block's transactions and reports their outputs, and asks a
 * transaction's status for its confirmations. Read-only: no key, no wallet. It starts at
 * the tip of its first start (history before is not scanned) and reads at most
 * `blocksPerScan` blocks per pass, so a long pause catches up over several passes.
 */
export function esploraWatcher(
  baseUrl: string,
  fetchImpl: typeof fetch = fetch,
  blocksPerScan = 6,
): ChainWatcher {
  const base = baseUrl.replace(/\/+$/, '');

  async function get(path: string): Promise<Response> {
    const res = await fetchImpl(`${base}${path}`, { signal: AbortSignal.timeout(15_000) });
    return res;
  }
  async function text(path: string): Promise<string> {
    const res = await get(path);
    if (!res.ok) throw new Error(`esplora ${path}: HTTP ${res.status}`);
    return (await res.text()).trim();
  }
  async function tip(): Promise<number> {
    const height = Number(await text('/blocks/tip/height'));
    if (!Number.isSafeInteger(height) || height < 0) throw new Error('esplora: bad tip height');
    return height;
  }

  async function blockOutputs(height: number): Promise<SeenOutput[]> {
    const hash = await text(`/block-height/${height}`);
    if (!HASH.test(hash)) throw new Error(`esplora: bad hash for block ${height}`);
    const outputs: SeenOutput[] = [];
    for (let start = 0; ; start += PAGE) {
      const res = await get(`/block/${hash}/txs/${start}`);
      if (!res.ok) throw new Error(`esplora block ${height} txs ${start}: HTTP ${res.status}`);
      const txs = (await res.json()) as EsploraTx[];
      for (const tx of txs) {
        if (!HASH.test(tx.txid)) throw new Error('esplora: bad txid');
        tx.vout.forEach((output, vout) => {
          const sats = output.value;
          if (!output.scriptpubkey_address || !Number.isSafeInteger(sats) || sats <= 0) return;
          outputs.push({
            txid: tx.txid,
            vout,
            address: output.scriptpubkey_address,
            coin: 'BTC',
            amount: formatUnits(BigInt(sats), 8),
          });
        });
      }
      if (txs.length < PAGE) return outputs;
    }
  }

  return {
    async scan(_network, cursor) {
      const height = await tip();
      if (cursor === null) return { outputs: [], cursor: String(height) };
      let at = Number(cursor);
      const outputs: SeenOutput[] = [];
      const last = Math.min(height, at + blocksPerScan);
      while (at < last) {
        outputs.push(...(await blockOutputs(at + 1)));
        at += 1;
      }
      return { outputs, cursor: String(at) };
    },

    async confirmations(_network, keys) {
      const height = await tip();
      const byTx = new Map<string, number | null>();
      for (const txid of new Set(keys.map((key) => key.split(':')[0]!))) {
        if (!HASH.test(txid)) {
          byTx.set(txid, null);
          continue;
        }
        const res = await get(`/tx/${txid}/status`);
        // Unknown to the node: neither in a block nor in its mempool any more.
        if (res.status === 404) {
          byTx.set(txid, null);
          continue;
        }
        if (!res.ok) throw new Error(`esplora tx ${txid} status: HTTP ${res.status}`);
        const status = (await res.json()) as { confirmed: boolean; block_height?: number };
        byTx.set(
          txid,
          status.confirmed && status.block_height !== undefined
            ? Math.max(0, height - status.block_height + 1)
            : 0,
        );
      }
      return new Map(keys.map((key) => [key, byTx.get(key.split(':')[0]!) ?? null]));
    },
  };
}

export { outputKey };
