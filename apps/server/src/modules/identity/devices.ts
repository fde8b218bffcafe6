import type { SessionPrincipal, SessionService } from './sessions.ts';
import type { Clock } from '../../kernel/clock.ts';
import { iso } from '../../kernel/clock.ts';
import type { IdentityDb } from './tables.ts';
import { AppError } from '../../kernel/errors.ts';

/** Devices and the login log: every query is scoped to the caller's own user id. */
export function createDeviceService(db: IdentityDb, sessions: SessionService, clock: Clock) {
  async function ownDevice(principal: SessionPrincipal, id: string) {
    const device = await db
      .selectFrom('devices')
      .select('id')
      .where('id', '=', id)
      .where('user_id', '=', principal.userId)
      .executeTakeFirst();
    // Another user's device and a missing one look the same.
    if (!device) throw new AppError('notFound');
    return device;
  }

  return {
    async list(principal: SessionPrincipal) {
      const now = iso(clock.now());
      const rows = await db
        .selectFrom('devices')
        .leftJoin('sessions', (join) =>
          join
            .onRef('sessions.device_id', '=', 'devices.id')
            .on('sessions.revoked_at', 'is', null)
            .on('sessions.refresh_expires_at', '>', now),
        )
        .select((eb) => [
          'devices.id',
          'devices.name',
          'devices.user_agent',
          'devices.last_ip',
          'devices.created_at',
          'devices.last_seen_at',
          eb.fn.count<number | string>('sessions.id').as('active'),
        ])
        .where('devices.user_id', '=', principal.userId)
        .groupBy([
          'devices.id',
          'devices.name',
          'devices.user_agent',
          'devices.last_ip',
          'devices.created_at',
          'devices.last_seen_at',
        ])
        .orderBy('devices.last_seen_at', 'desc')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        userAgent: row.user_agent,
        lastIp: row.last_ip,
        createTime: row.created_at,
        lastSeenTime: row.last_seen_at,
        current: row.id === principal.deviceId,
        activeSessions: Number(row.active),
      }));
    },

    async rename(principal: SessionPrincipal, id: string, name: string) {
      await ownDevice(principal, id);
      await db.updateTable('devices').set({ name }).where('id', '=', id).execute();
    },

    /** Removing a device signs it out everywhere at once. */
    async remove(principal: SessionPrincipal, id: string) {
      await ownDevice(principal, id);
      await sessions.revokeDevice(id, 'device-removed');
      await db
        .updateTable('login_log')
        .set({ device_id: null })
        .where('device_id', '=', id)
        .execute();
      await db
        .deleteFrom('sessions')
        .where('device_id', '=', id)
        .where('revoked_at', 'is not', null)
        .execute();
      await db.deleteFrom('devices').where('id', '=', id).execute();
    },

    async loginLog(principal: SessionPrincipal, current: number, size: number) {
      const base = db.selectFrom('login_log').where('login_log.user_id', '=', principal.userId);
      const total = await base
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      const rows = await base
        .leftJoin('devices', 'devices.id', 'login_log.device_id')
        .select([
          'login_log.id',
          'login_log.ip',
          'login_log.user_agent',
          'login_log.success',
          'login_log.created_at',
          'devices.name as device_name',
        ])
        .orderBy('login_log.created_at', 'desc')
        .limit(size)
        .offset((current - 1) * size)
        .execute();
      return {
        records: rows.map((row) => ({
          id: row.id,
          ip: row.ip,
          userAgent: row.user_agent,
          deviceName: row.device_name,
          success: row.success === 1,
          createTime: row.created_at,
        })),
        total: Number(total.n),
        current,
        size,
      };
    },
  };
}

export type DeviceService = ReturnType<typeof createDeviceService>;
