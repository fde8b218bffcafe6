import { sql } from 'kysely';
import { addSeconds, iso, type Clock } from '../../kernel/clock.ts';
import { sha256Hex } from '../../kernel/secrets.ts';
import type { IdentityDb } from './tables.ts';

/** Failed attempts on one login from one source before that source is locked out. */
export const SOURCE_LIMIT = 5;
/**
 * Failed attempts on one login from every source together before the login itself is
 * locked: the backstop against guessing from many addresses. Ten times the source limit,
 * so nobody elsewhere can lock the owner out with a handful of wrong passwords.
 */
export const ACCOUNT_LIMIT = 50;
export const LOCK_SECONDS = 15 * 60;
/** Failures older than this are forgotten. */
export const WINDOW_SECONDS = 15 * 60;

export type Claim = { ok: true } | { ok: false; minutes: number };

/**
 * The login lockout. Each attempt is counted before its password is checked, by one
 * conditional upsert per counter, so attempts sent in parallel cannot all be evaluated:
 * once a counter is spent (failures plus attempts still being checked), the next attempt
 * is refused unseen, the right password included. Counters are keyed by a hash of what
 * was typed, so a lockout says nothing about whether the account exists.
 */
export function createLoginThrottle(db: IdentityDb, clock: Clock) {
  const counters = (login: string, ip: string) => [
    { key: `src:${sha256Hex(`${login}\n${ip}`)}`, limit: SOURCE_LIMIT },
    { key: `acct:${sha256Hex(login)}`, limit: ACCOUNT_LIMIT },
  ];

  /** Counts one attempt on a counter unless it is locked or spent; false when refused. */
  async function take(key: string, limit: number): Promise<boolean> {
    const now = clock.now();
    const at = iso(now);
    const stale = iso(addSeconds(now, -WINDOW_SECONDS));
    const expired = sql<boolean>`(login_failures.updated_at <= ${stale} or login_failures.locked_until <= ${at})`;
    const result = await db
      .insertInto('login_failures')
      .values({ identifier: key, failures: 1, locked_until: null, updated_at: at })
      .onConflict((oc) =>
        oc
          .column('identifier')
          .doUpdateSet({
            failures: sql`case when ${expired} then 1 else login_failures.failures + 1 end`,
            locked_until: sql`case when ${expired} then null else login_failures.locked_until end`,
            updated_at: at,
          })
          .where((eb) =>
            eb.or([
              expired,
              eb.and([
                eb('login_failures.locked_until', 'is', null),
                eb('login_failures.failures', '<', limit),
              ]),
            ]),
          ),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  }

  async function refusal(key: string): Promise<Claim> {
    const row = await db
      .selectFrom('login_failures')
      .select('locked_until')
      .where('identifier', '=', key)
      .executeTakeFirst();
    const until = row?.locked_until ? new Date(row.locked_until).getTime() : undefined;
    const seconds = until ? (until - clock.now().getTime()) / 1000 : LOCK_SECONDS;
    return { ok: false, minutes: Math.max(1, Math.ceil(seconds / 60)) };
  }

  return {
    /** Counts an attempt on `login` from `ip`, or refuses it without a look at the password. */
    async claim(login: string, ip: string): Promise<Claim> {
      for (const { key, limit } of counters(login, ip)) {
        if (!(await take(key, limit))) return refusal(key);
      }
      return { ok: true };
    },

    /** A claimed attempt failed: a counter it spent locks. */
    async failed(login: string, ip: string): Promise<void> {
      const now = clock.now();
      for (const { key, limit } of counters(login, ip)) {
        await db
          .updateTable('login_failures')
          .set({ locked_until: iso(addSeconds(now, LOCK_SECONDS)), updated_at: iso(now) })
          .where('identifier', '=', key)
          .where('failures', '>=', limit)
          .where('locked_until', 'is', null)
          .execute();
      }
    },

    /** The owner proved who they are: every counter of the login starts again. */
    async succeeded(login: string, ip: string): Promise<void> {
      const keys = counters(login, ip).map((c) => c.key);
      await db.deleteFrom('login_failures').where('identifier', 'in', keys).execute();
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
