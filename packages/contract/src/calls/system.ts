import { z } from 'zod';
import { defineCall } from '../define.ts';

export const componentStatusSchema = z.enum(['up', 'down', 'disabled']);

const componentSchema = z.object({
  status: componentStatusSchema,
  detail: z.string().optional(),
});

/** The data on disk and each hot table's oldest row (issue 27), as last measured. */
export const storageHealthSchema = z.object({
  driver: z.enum(['sqlite', 'postgres']),
  databaseBytes: z.number().int().nonnegative(),
  engineBytes: z.number().int().nonnegative(),
  /** SQLite only: freed pages not yet given back to the file system. */
  freeBytes: z.number().int().nonnegative().nullable(),
  tables: z.array(
    z.object({
      table: z.string(),
      oldestAt: z.string().nullable(),
      /** Age of the oldest row at the measure, seconds; null for an empty table. */
      oldestAgeSeconds: z.number().int().nonnegative().nullable(),
    }),
  ),
  measuredAt: z.string(),
  /** When the retention rules last ran and what they removed; null before the first run. */
  lastRun: z
    .object({
      at: z.string(),
      removedOrders: z.number().int().nonnegative(),
      removedCandles: z.number().int().nonnegative(),
      reclaimedPages: z.number().int().nonnegative(),
    })
    .nullable(),
});

export type StorageHealth = z.infer<typeof storageHealthSchema>;

export const healthDataSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  deploymentId: z.string(),
  startedAt: z.string(),
  uptimeSeconds: z.number().int().nonnegative(),
  /**
   * The engine as this process has it: where its journal is kept and the last command it
   * sequenced (`leader`) or applied from the leader's journal (`replica`, an API process,
   * ROLE=api). A standby process (ENGINE_STORE=postgres) does not answer until it leads.
   */
  engine: z.object({
    store: z.enum(['file', 'postgres']),
    role: z.enum(['leader', 'replica']),
    seq: z.number().int().nonnegative(),
  }),
  components: z.object({
    database: componentSchema.extend({ driver: z.enum(['sqlite', 'postgres']) }),
    broker: componentSchema,
    market: componentSchema,
  }),
  /** Absent until housekeeping has measured once (a few seconds after the start). */
  storage: storageHealthSchema.optional(),
});

export type HealthData = z.infer<typeof healthDataSchema>;

export const health = defineCall({
  method: 'GET',
  path: '/api/health',
  summary: 'Platform health: database, message broker and market',
  tags: ['system'],
  auth: 'public',
  data: healthDataSchema,
});
