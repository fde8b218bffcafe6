import { z } from 'zod';

/**
 * The seed's page of records, `{ records, total, current, size }`. In a module of its
 * own: the call modules that answer pages import it, and took the member and user calls
 * (their schemas, into the web app's first visit) along when it lived among those.
 */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    records: z.array(item),
    total: z.number().int(),
    current: z.number().int(),
    size: z.number().int(),
  });
}
