// Messages between the benchmark's processes (over Node's IPC channel).

/** The bench feed's markets; each client watches 10 of them. */
export const SYMBOLS = Array.from({ length: 20 }, (_, i) => `sym${i}usdt`);
export const SYMBOLS_PER_CLIENT = 10;

export type ToServer = { cmd: 'start'; seconds: number; perSecond: number };
export type FromServer =
  | { event: 'ready'; port: number }
  | {
      event: 'done';
      ticks: Record<string, number>;
      tickerPublishes: number;
      cpuPercent: number;
      peakRssMb: number;
      heapUsedMb: number;
      broker: string;
    };

export type ToClients =
  { cmd: 'connect'; mode: 'ws' | 'mqtt'; url: string; clients: number } | { cmd: 'report' };
export type FromClients =
  | { event: 'connected'; clients: number; failed: number; ms: number }
  | {
      event: 'report';
      messages: number;
      items: number;
      /** Per client and channel: ticks numbered from the first received, never seen. */
      missing: number;
      seqGaps: number;
      closed: number;
      errors: number;
      p50Ms: number;
      p99Ms: number;
      maxMs: number;
      /** Items received per symbol, summed over clients (to compare with the ticks). */
      perSymbol: Record<string, number>;
    };
