import { z } from 'zod';
import { defineCall } from '../define.ts';

export const outboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  target: z.string(),
  subject: z.string(),
  body: z.string(),
  createTime: z.string(),
});

/** Demo deployments only: the messages the platform would have emailed or texted. */
export const devOutbox = defineCall({
  method: 'GET',
  path: '/api/dev/outbox',
  summary: 'Demo mode only: the latest emails and texts to a target (no SMTP/SMS configured)',
  tags: ['dev'],
  auth: 'public',
  query: z.strictObject({ target: z.string().trim().min(1).max(254) }),
  data: z.array(outboxMessageSchema),
});
