import type { Language, UserInfo } from '@meridian/contract';
import { addSeconds, iso } from '../../kernel/clock.ts';
import { AppError } from '../../kernel/errors.ts';
import { newId, sha256Hex } from '../../kernel/secrets.ts';
import { decoyHash, verifyPassword } from './passwords.ts';
import { acceptTotp } from './second-factor.ts';
import type { IssuedTokens, SessionPrincipal } from './sessions.ts';
import { deviceNameFromUserAgent } from './user-agent.ts';
import { fullPhone, toUserInfo, userById, type AccountServiceDeps, type UserRow } from './users.ts';

export const MAX_FAILED_LOGINS = 5;
export const LOCK_SECONDS = 15 * 60;

/** Who is calling, as far as the request tells. */
export interface ClientContext {
  ip: string;
  userAgent: string;
  /** A per-browser id the web app keeps locally; falls back to the user agent. */
  deviceKey: string | undefined;
  lang: Language;
}

export type LoginInput = {
  type: 'account' | 'email' | 'phone';
  username: string;
  password: string;
  areaCode?: string | undefined;
  googleCode?: string | undefined;
};

/**
 * Signing in: the lockout after repeated failures, the second step when an authenticator
 * is bound, the device it comes from and the login log, then a new session.
 */
export function createSignIn({ db, clock, sessions }: AccountServiceDeps) {
  async function findLoginUser(input: LoginInput): Promise<UserRow | undefined> {
    const name = input.username.trim();
    const query = db.selectFrom('users').selectAll();
    if (input.type === 'account')
      return query.where('account', '=', name.toLowerCase()).executeTakeFirst();
    if (input.type === 'email')
      return query.where('email', '=', name.toLowerCase()).executeTakeFirst();
    if (!input.areaCode) return undefined;
    return query.where('phone', '=', fullPhone(input.areaCode, name)).executeTakeFirst();
  }

  async function lockState(identifier: string) {
    return db
      .selectFrom('login_failures')
      .selectAll()
      .where('identifier', '=', identifier)
      .executeTakeFirst();
  }

  async function recordFailure(identifier: string): Promise<void> {
    const now = clock.now();
    const row = await lockState(identifier);
    const failures = (row?.failures ?? 0) + 1;
    const locked_until = failures >= MAX_FAILED_LOGINS ? iso(addSeconds(now, LOCK_SECONDS)) : null;
    if (row) {
      await db
        .updateTable('login_failures')
        .set({ failures: locked_until ? 0 : failures, locked_until, updated_at: iso(now) })
        .where('identifier', '=', identifier)
        .execute();
    } else {
      await db
        .insertInto('login_failures')
        .values({ identifier, failures, locked_until, updated_at: iso(now) })
        .onConflict((oc) =>
          oc.column('identifier').doUpdateSet({ failures, locked_until, updated_at: iso(now) }),
        )
        .execute();
    }
  }

  async function touchDevice(userId: string, ctx: ClientContext): Promise<string> {
    const now = iso(clock.now());
    const fingerprint = sha256Hex(ctx.deviceKey ?? ctx.userAgent).slice(0, 32);
    const existing = await db
      .selectFrom('devices')
      .select('id')
      .where('user_id', '=', userId)
      .where('fingerprint', '=', fingerprint)
      .executeTakeFirst();
    if (existing) {
      await db
        .updateTable('devices')
        .set({ last_ip: ctx.ip, last_seen_at: now, user_agent: ctx.userAgent.slice(0, 512) })
        .where('id', '=', existing.id)
        .execute();
      return existing.id;
    }
    const id = newId();
    await db
      .insertInto('devices')
      .values({
        id,
        user_id: userId,
        fingerprint,
        name: deviceNameFromUserAgent(ctx.userAgent).slice(0, 40),
        user_agent: ctx.userAgent.slice(0, 512),
        last_ip: ctx.ip,
        created_at: now,
        last_seen_at: now,
      })
      .execute();
    return id;
  }

  async function logLogin(
    userId: string,
    deviceId: string | null,
    ctx: ClientContext,
    success: boolean,
  ) {
    await db
      .insertInto('login_log')
      .values({
        id: newId(),
        user_id: userId,
        device_id: deviceId,
        ip: ctx.ip,
        user_agent: ctx.userAgent.slice(0, 512),
        success: success ? 1 : 0,
        created_at: iso(clock.now()),
      })
      .execute();
  }

  /** Opens a session for a user who proved who they are (login or a fresh sign-up). */
  async function signIn(
    user: UserRow,
    ctx: ClientContext,
  ): Promise<IssuedTokens & { userInfo: UserInfo }> {
    const deviceId = await touchDevice(user.id, ctx);
    await logLogin(user.id, deviceId, ctx, true);
    const tokens = await sessions.open(user.id, deviceId);
    return { ...tokens, userInfo: toUserInfo(user) };
  }

  return {
    signIn,

    /**
     * The error never says whether the account exists: unknown accounts are checked
     * against a decoy hash and counted towards the same lockout as real ones.
     */
    async login(input: LoginInput, ctx: ClientContext) {
      const identifier = `${input.type}:${input.areaCode ?? ''}:${input.username.trim().toLowerCase()}`;
      const lock = await lockState(identifier);
      const now = clock.now();
      if (lock?.locked_until && lock.locked_until > iso(now)) {
        const minutes = Math.ceil((new Date(lock.locked_until).getTime() - now.getTime()) / 60000);
        throw new AppError('rateLimited', 'accountLocked', { minutes });
      }
      const user = await findLoginUser(input);
      const passwordOk = await verifyPassword(
        user?.password_hash ?? (await decoyHash()),
        input.password,
      );
      if (!user || !passwordOk) {
        await recordFailure(identifier);
        if (user) await logLogin(user.id, null, ctx, false);
        throw new AppError('validation', 'loginFailed');
      }
      if (user.totp_secret) {
        if (!input.googleCode) return { step: 'totp' as const };
        if (!(await acceptTotp(db, clock, user, user.totp_secret, input.googleCode))) {
          await recordFailure(identifier);
          await logLogin(user.id, null, ctx, false);
          throw new AppError('validation', 'totpInvalid', {}, 'googleCode');
        }
      }
      await db.deleteFrom('login_failures').where('identifier', '=', identifier).execute();
      return { step: 'done' as const, session: await signIn(await userById(db, user.id), ctx) };
    },

    logout: (principal: SessionPrincipal) => sessions.revokeSession(principal.sessionId, 'logout'),
  };
}

export type SignIn = ReturnType<typeof createSignIn>;
