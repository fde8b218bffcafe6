import type { Migration } from 'kysely';
import * as m0001 from './0001_platform_meta.ts';
import * as m0005 from './0005_idempotency.ts';
import * as m0011 from './0011_audit_log.ts';
import * as m0154 from './0154_idempotency_owner.ts';

/** The kernel's tables: deployment facts, idempotency keys and the operators' audit log. */
export const KERNEL_MIGRATIONS: Record<string, Migration> = {
  '0001_platform_meta': m0001,
  '0005_idempotency': m0005,
  '0011_audit_log': m0011,
  '0154_idempotency_owner': m0154,
};
