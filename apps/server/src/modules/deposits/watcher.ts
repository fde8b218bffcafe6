/** An output a chain watcher saw paying an address. */
export interface SeenOutput {
  txid: string;
  vout: number;
  address: string;
  coin: string;
  /** Decimal text in the coin's units. */
  amount: string;
}

/**
 * What the deposit credits need of a chain: the outputs that appeared since a cursor, and
 * how many confirmations given outputs have now. The default is the simulated chain; a
 * node, an indexer (Esplora) or a custodian's feed implements the same.
 */
export interface ChainWatcher {
  /** Outputs that appeared after `cursor` (null: from the start), oldest first, at most `limit`. */
  scan(
    network: string,
    cursor: string | null,
    limit: number,
  ): Promise<{ outputs: SeenOutput[]; cursor: string | null }>;
  /**
   * Confirmations of each output (`txid:vout`): 0 unconfirmed, 1 in the tip block; null
   * when the chain no longer has it (a reorganisation dropped its transaction).
   */
  confirmations(network: string, outputs: string[]): Promise<Map<string, number | null>>;
}

export const outputKey = (txid: string, vout: number) => `${txid}:${vout}`;
