// Messages between the order benchmark and the platform it drives (Node's IPC channel).

/** The markets the bench users trade in. */
export const BENCH_MARKETS = ['btcusdt', 'ethusdt', 'solusdt', 'bnbusdt'] as const;

export interface Quote {
  symbol: string;
  /** Best bid and ask of the market makers when the platform came up, decimal strings. */
  bid: string;
  ask: string;
}

export type ToServer = { cmd: 'measure' } | { cmd: 'report' } | { cmd: 'stop' };

/** A bench user's API key: the same orders go out signed (README "Programmatic trading"). */
export interface BenchKey {
  apiKey: string;
  secret: string;
}
export type FromServer =
  | {
      event: 'ready';
      port: number;
      tokens: string[];
      keys: BenchKey[];
      quotes: Quote[];
      seedMs: number;
    }
  | { event: 'measuring' }
  | {
      event: 'report';
      /** Peak RSS and CPU since `measure`. */
      peakRssMb: number;
      cpuPercent: number;
      /** Orders of bench users in the query tables once the projection caught up. */
      orders: number;
      /** Of those, how many still rest on the book. */
      open: number;
      /** Fills with a bench user on at least one side. */
      fills: number;
      engineSeq: number;
    };
