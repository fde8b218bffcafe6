import { z } from 'zod';
import { defineCall } from '../define.ts';

export const componentStatusSchema = z.enum(['up', 'down', 'disabled']);

const componentSchema = z.object({
  status: componentStatusSchema,
  detail: z.string().optional(),
});

export const healthDataSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  deploymentId: z.string(),
  startedAt: z.string(),
  uptimeSeconds: z.number().int().nonnegative(),
  components: z.object({
    database: componentSchema.extend({ driver: z.enum(['sqlite', 'postgres']) }),
    broker: componentSchema,
    market: componentSchema,
  }),
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
