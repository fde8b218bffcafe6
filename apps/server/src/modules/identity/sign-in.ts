import type { Language, UserInfo } from '@meridian/contract';
import { iso } from '../../kernel/clock.ts';
import { AppError } from '../../kernel/errors.ts';
import { newId, sha256Hex } from '../../kernel/secrets.ts';
import { createLoginThrottle } from './login-throttle.ts';
import { decoyHash, verifyPassword } from '../../kernel/auth/passwords.ts';
import { acceptTotp } from './second-factor.ts';
import type { IssuedTokens, SessionPrincipal } from './sessions.ts';
import { deviceNameFromUserAgent } from './user-agent.ts';
import { fullPhone, toUserInfo, userById, type AccountServiceDeps, type UserRow } from './users.ts';

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
 * Signing in: the lockout after repeated failures (`login-throttle.ts`), the second step when an authenticator
 * is bound, the device it comes from and the login log, then a new session.
 */
export function createSignIn({ db, clock, sessions }: AccountServiceDeps) {
  const throttle = createLoginThrottle(db, clock);

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
    if (user.login_frozen_at) throw new AppError('forbidden', 'userLoginFrozen');
    const deviceId = await touchDevice(user.id, ctx);
    await logLogin(user.id, deviceId, ctx, true);
    if (user.language !== ctx.lang) {
      await db.updateTable('users').set({ language: ctx.lang }).where('id', '=', user.id).execute();
    }
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
      const login = `${input.type}:${input.areaCode ?? ''}:${input.username.trim().toLowerCase()}`;
      const claim = await throttle.claim(login, ctx.ip);
      if (!claim.ok) throw new AppError('rateLimited', 'accountLocked', { minutes: claim.minutes });
      const user = await findLoginUser(input);
      const passwordOk = await verifyPassword(
        user?.password_hash ?? (await decoyHash()),
        input.password,
      );
      if (!user || !passwordOk) {
        await throttle.failed(login, ctx.ip);
        if (user) await logLogin(user.id, null, ctx, false);
        throw new AppError('validation', 'loginFailed');
      }
      if (user.totp_secret) {
        if (!input.googleCode) return { step: 'totp' as const };
        if (!(await acceptTotp(db, clock, user, user.totp_secret, input.googleCode))) {
          await throttle.failed(login, ctx.ip);
          await logLogin(user.id, null, ctx, false);
          throw new AppError('validation', 'totpInvalid', {}, 'googleCode');
        }
      }
      await throttle.succeeded(login, ctx.ip);
      return { step: 'done' as const, session: await signIn(await userById(db, user.id), ctx) };
    },

    logout: (principal: SessionPrincipal) => sessions.revokeSession(principal.sessionId, 'logout'),
  };
}

export type SignIn = ReturnType<typeof createSignIn>;
