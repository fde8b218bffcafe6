import { iso, type Clock } from '../../kernel/clock.ts';
import { AppError } from '../../kernel/errors.ts';
import { disableApiKeys } from './api-keys.ts';
import type { createSessionService } from './sessions.ts';
import type { IdentityDb } from './tables.ts';
import type { UserRow } from './users.ts';
import type { AuditExecutor } from '../../kernel/operators/audit.ts';

type Sessions = ReturnType<typeof createSessionService>;
export type FreezeKind = 'login' | 'withdrawals';

/** Runs inside the change's transaction: the operator's audit row. */
export type WithinChange = (trx: AuditExecutor) => Promise<void>;

function summary(user: UserRow) {
  return {
    id: user.id,
    account: user.account,
    email: user.email,
    phone: user.phone,
    createdAt: user.created_at,
    loginFrozen: user.login_frozen_at !== null,
    withdrawalsFrozen: user.withdrawals_frozen_at !== null,
  };
}

const LIKE_SPECIALS = /[\\%_]/g;

/** What the operator console reads and changes of accounts (through operator calls only). */
export function createOperatorViews(db: IdentityDb, sessions: Sessions, clock: Clock) {
  return {
    async exists(id: string): Promise<boolean> {
      const row = await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
      return row !== undefined;
    },

    /** By exact id, or by the start of an account name, email or phone. */
    async search(query: string, current: number, size: number) {
      let select = db.selectFrom('users');
      if (query !== '') {
        const prefix = `${query.toLowerCase().replace(LIKE_SPECIALS, (c) => `\\${c}`)}%`;
        select = select.where((eb) =>
          eb.or([
            eb('id', '=', query),
            eb('account', 'like', prefix),
            eb('email', 'like', prefix),
            eb('phone', 'like', prefix),
          ]),
        );
      }
      const [rows, count] = await Promise.all([
        select
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id')
          .limit(size)
          .offset((current - 1) * size)
          .execute(),
        select.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { records: rows.map(summary), total: Number(count.n), current, size };
    },

    async counts() {
      const row = await db
        .selectFrom('users')
        .select((eb) => [
          eb.fn.countAll<string | number>().as('users'),
          eb.fn.count<string | number>('login_frozen_at').as('loginFrozen'),
          eb.fn.count<string | number>('withdrawals_frozen_at').as('withdrawalsFrozen'),
        ])
        .executeTakeFirstOrThrow();
      const frozen = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where((eb) =>
          eb.or([
            eb('login_frozen_at', 'is not', null),
            eb('withdrawals_frozen_at', 'is not', null),
          ]),
        )
        .executeTakeFirstOrThrow();
      return { users: Number(row.users), frozenUsers: Number(frozen.n) };
    },

    async detail(id: string) {
      const user = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
      if (!user) throw new AppError('notFound');
      const now = iso(clock.now());
      const [live, devices, logins] = await Promise.all([
        db
          .selectFrom('sessions as s')
          .innerJoin('devices as d', 'd.id', 's.device_id')
          .select(['s.id', 'd.name as deviceName', 's.issued_at', 's.refresh_expires_at'])
          .where('s.user_id', '=', id)
          .where('s.revoked_at', 'is', null)
          .where('s.refresh_expires_at', '>', now)
          .orderBy('s.issued_at', 'desc')
          .limit(50)
          .execute(),
        db
          .selectFrom('devices')
          .selectAll()
          .where('user_id', '=', id)
          .orderBy('last_seen_at', 'desc')
          .limit(50)
          .execute(),
        db
          .selectFrom('login_log')
          .selectAll()
          .where('user_id', '=', id)
          .orderBy('created_at', 'desc')
          .limit(20)
          .execute(),
      ]);
      return {
        user: {
          ...summary(user),
          areaCode: user.area_code,
          inviteCode: user.invite_code,
          inviterId: user.inviter_id,
          vip: Number(user.vip),
          creditScore: Number(user.credit_score),
          secondFactor: user.totp_secret !== null,
          fundPasswordSet: user.fund_password_hash !== null,
          loginFreezeReason: user.login_freeze_reason,
          withdrawalsFreezeReason: user.withdrawals_freeze_reason,
        },
        sessions: live.map((s) => ({
          id: s.id,
          deviceName: s.deviceName,
          issuedAt: s.issued_at,
          expiresAt: s.refresh_expires_at,
        })),
        devices: devices.map((d) => ({
          id: d.id,
          name: d.name,
          lastIp: d.last_ip,
          lastSeenAt: d.last_seen_at,
          createdAt: d.created_at,
        })),
        logins: logins.map((l) => ({
          at: l.created_at,
          ip: l.ip,
          userAgent: l.user_agent,
          success: Number(l.success) === 1,
        })),
      };
    },

    /**
     * Freezes or unfreezes one thing, as a conditional update (a repeat is refused, so the
     * audit log never records a change that did not happen). A login freeze ends every
     * session and API key at once, on every channel.
     */
    async setFreeze(
      id: string,
      change: { kind: FreezeKind; frozen: boolean; reason: string },
      within: WithinChange,
    ): Promise<void> {
      const at = iso(clock.now());
      const column = change.kind === 'login' ? 'login_frozen_at' : 'withdrawals_frozen_at';
      const reasonColumn =
        change.kind === 'login' ? 'login_freeze_reason' : 'withdrawals_freeze_reason';
      if (!(await this.exists(id))) throw new AppError('notFound');
      await db.transaction().execute(async (trx) => {
        const done = await trx
          .updateTable('users')
          .set({
            [column]: change.frozen ? at : null,
            [reasonColumn]: change.frozen ? change.reason : null,
          })
          .where('id', '=', id)
          .where(column, change.frozen ? 'is' : 'is not', null)
          .executeTakeFirst();
        if (done.numUpdatedRows !== 1n) throw new AppError('conflict', 'userFreezeUnchanged');
        if (change.frozen && change.kind === 'login') await disableApiKeys(trx, id, at, 'frozen');
        await within(trx);
      });
      if (change.frozen && change.kind === 'login') await sessions.revokeUser(id, 'frozen');
    },
  };
}

export type OperatorViews = ReturnType<typeof createOperatorViews>;
