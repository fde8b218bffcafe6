/** How many items of one kind wait for an operator. */
export type QueueCounter = () => Promise<number>;

/**
 * The review queues the dashboard counts. A capability with a queue (identity today;
 * deposits, withdrawals, loans and appeals as they land) registers its counter once.
 */
export function createReviewQueues() {
  const counters = new Map<string, QueueCounter>();
  return {
    register(kind: string, counter: QueueCounter): void {
      if (counters.has(kind)) throw new Error(`Review queue "${kind}" is registered twice`);
      counters.set(kind, counter);
    },
    async counts(): Promise<Array<{ kind: string; pending: number }>> {
      return Promise.all(
        [...counters].map(async ([kind, count]) => ({ kind, pending: await count() })),
      );
    },
  };
}

export type ReviewQueues = ReturnType<typeof createReviewQueues>;
