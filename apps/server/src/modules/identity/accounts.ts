import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import {
  fundPasswordChangeSchema,
  fundPasswordSetSchema,
  loginPasswordChangeSchema,
  type CodePurpose,
  type Language,
  type Sealed,
  type UserInfo,
} from '@meridian/contract';
import { addSeconds, iso, type Clock } from '../../kernel/clock.ts';
import type { CodeService } from './codes.ts';
import { decoyHash, hashPassword, verifyPassword } from './passwords.ts';
import {
  newId,
  randomInviteCode,
  randomToken,
  randomUserId,
  sha256Hex,
} from '../../kernel/secrets.ts';
import type { IssuedTokens, SessionPrincipal, SessionService } from './sessions.ts';
import { checkTotp, newTotpSecret, totpUri } from './totp.ts';
import type { TransportKeys } from '../../kernel/transport-crypto.ts';
import { deviceNameFromUserAgent } from './user-agent.ts';
import type { DatabaseSchema, UsersTable } from '../../kernel/db/schema.ts';
import { AppError } from '../../kernel/errors.ts';

export const MAX_FAILED_LOGINS = 5;
export const LOCK_SECONDS = 15 * 60;
/** After a login password change, withdrawals wait this long (shown to the user). */
export const WITHDRAW_BLOCK_SECONDS = 24 * 3600;

type UserRow = Selectable<UsersTable>;

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

export type RegisterInput =
  | {
      type: 'account';
      account: string;
      password: string;
      confirmPassword?: string | undefined;
      inviteCode?: string | undefined;
    }
  | {
      type: 'email';
      email: string;
      code: string;
      password: string;
      confirmPassword?: string | undefined;
      inviteCode?: string | undefined;
    }
  | {
      type: 'phone';
      phone: string;
      areaCode: string;
      code: string;
      password: string;
      confirmPassword?: string | undefined;
      inviteCode?: string | undefined;
    };

export interface AccountServiceDeps {
  db: Kysely<DatabaseSchema>;
  clock: Clock;
  codes: CodeService;
  sessions: SessionService;
  transport: TransportKeys;
  brand: string;
}

/** Phone numbers are stored whole, `+<area code><number>`, so two countries never clash. */
export function fullPhone(areaCode: string, phone: string): string {
  return `+${areaCode}${phone}`;
}

function isUniqueViolation(error: unknown): boolean {
  const text =
    String((error as { code?: string; message?: string })?.code ?? '') +
    String((error as { message?: string })?.message ?? '');
  return /SQLITE_CONSTRAINT|23505|UNIQUE/i.test(text);
}

function openSealed<T extends z.ZodType>(
  transport: TransportKeys,
  sealed: Sealed,
  schema: T,
): z.output<T> {
  const parsed = schema.safeParse(transport.open(sealed));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (issue?.message === 'passwordRule')
      throw new AppError('validation', 'passwordRule', {}, 'password');
    throw new AppError('validation', 'sealedUnreadable');
  }
  return parsed.data;
}

function requireMatch(password: string, confirmation: string | undefined): void {
  if (confirmation !== undefined && confirmation !== password) {
    throw new AppError('validation', 'passwordMismatch', {}, 'confirmPassword');
  }
}

export function toUserInfo(user: UserRow): UserInfo {
  const merchant = user.is_merchant === 2;
  return {
    id: user.id,
    userId: user.id,
    blade_user_id: user.id,
    account: user.account,
    email: user.email,
    phone: user.phone,
    areaCode: user.area_code,
    avatar: user.avatar,
    chatKey: user.chat_key,
    is_merchant: user.is_merchant,
    merchant: merchant ? { id: user.id } : null,
    vip: user.vip === 1,
    creditScore: user.credit_score,
    inviteCode: user.invite_code,
    googleBound: user.totp_secret !== null,
    fundPasswordSet: user.fund_password_hash !== null,
    antiPhishingCode: user.anti_phishing_code,
    withdrawBlockedUntil: user.withdraw_blocked_until,
    createdAt: user.created_at,
  };
}

export function createAccountService(deps: AccountServiceDeps) {
  const { db, clock, codes, sessions, transport } = deps;

  async function userById(id: string): Promise<UserRow> {
    const user = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    if (!user) throw new AppError('unauthorized', 'invalidToken');
    return user;
  }

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

  async function signIn(
    user: UserRow,
    ctx: ClientContext,
  ): Promise<IssuedTokens & { userInfo: UserInfo }> {
    const deviceId = await touchDevice(user.id, ctx);
    await logLogin(user.id, deviceId, ctx, true);
    const tokens = await sessions.open(user.id, deviceId);
    return { ...tokens, userInfo: toUserInfo(user) };
  }

  /** Accepts a TOTP code once: the step is recorded with a conditional update. */
  async function acceptTotp(user: UserRow, secret: string, code: string): Promise<boolean> {
    const last = user.totp_last_step === null ? null : Number(user.totp_last_step);
    const step = await checkTotp(secret, code, last, clock.now().getTime());
    if (step === null) return false;
    let update = db.updateTable('users').set({ totp_last_step: step }).where('id', '=', user.id);
    update =
      last === null
        ? update.where('totp_last_step', 'is', null)
        : update.where('totp_last_step', '=', last);
    const result = await update.executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  async function uniqueInviteCode(): Promise<string> {
    for (;;) {
      const code = randomInviteCode();
      const taken = await db
        .selectFrom('users')
        .select('id')
        .where('invite_code', '=', code)
        .executeTakeFirst();
      if (!taken) return code;
    }
  }

  async function emailOf(userId: string): Promise<string> {
    const user = await userById(userId);
    if (!user.email) throw new AppError('validation', 'emailRequired', {}, 'email');
    return user.email;
  }

  return {
    toUserInfo,

    async register(input: RegisterInput, ctx: ClientContext) {
      requireMatch(input.password, input.confirmPassword);
      const identity =
        input.type === 'account'
          ? { account: input.account.toLowerCase(), email: null, phone: null, area_code: null }
          : input.type === 'email'
            ? { account: null, email: input.email, phone: null, area_code: null }
            : {
                account: null,
                email: null,
                phone: fullPhone(input.areaCode, input.phone),
                area_code: input.areaCode,
              };

      const clash = await db
        .selectFrom('users')
        .select('id')
        .where((eb) =>
          // Only the identity given is compared: PostgreSQL refuses a NUL placeholder.
          eb.or([
            ...(identity.account !== null ? [eb('account', '=', identity.account)] : []),
            ...(identity.email !== null ? [eb('email', '=', identity.email)] : []),
            ...(identity.phone !== null ? [eb('phone', '=', identity.phone)] : []),
          ]),
        )
        .executeTakeFirst();
      if (clash) throw new AppError('conflict', 'accountTaken');

      let inviterId: string | null = null;
      if (input.inviteCode) {
        const inviter = await db
          .selectFrom('users')
          .select('id')
          .where('invite_code', '=', input.inviteCode.toUpperCase())
          .executeTakeFirst();
        if (!inviter) throw new AppError('validation', 'inviteCodeUnknown', {}, 'inviteCode');
        inviterId = inviter.id;
      }
      if (input.type === 'email') await codes.consume(input.email, 'register', input.code);
      if (input.type === 'phone') await codes.consume(identity.phone!, 'register', input.code);

      const passwordHash = await hashPassword(input.password);
      for (let attempt = 0; ; attempt++) {
        const user: UserRow = {
          id: randomUserId(),
          ...identity,
          password_hash: passwordHash,
          fund_password_hash: null,
          anti_phishing_code: null,
          totp_secret: null,
          totp_pending_secret: null,
          totp_last_step: null,
          invite_code: await uniqueInviteCode(),
          inviter_id: inviterId,
          is_merchant: 1,
          vip: 0,
          credit_score: 100,
          avatar: null,
          chat_key: randomToken(16),
          withdraw_blocked_until: null,
          created_at: iso(clock.now()),
        };
        try {
          await db.insertInto('users').values(user).execute();
          return signIn(user, ctx);
        } catch (error) {
          // A random id or code collided, or the same identity registered a moment ago.
          if (!isUniqueViolation(error) || attempt >= 3) {
            if (isUniqueViolation(error)) throw new AppError('conflict', 'accountTaken');
            throw error;
          }
        }
      }
    },

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
        if (!(await acceptTotp(user, user.totp_secret, input.googleCode))) {
          await recordFailure(identifier);
          await logLogin(user.id, null, ctx, false);
          throw new AppError('validation', 'totpInvalid', {}, 'googleCode');
        }
      }
      await db.deleteFrom('login_failures').where('identifier', '=', identifier).execute();
      return { step: 'done' as const, session: await signIn(await userById(user.id), ctx) };
    },

    async info(userId: string): Promise<UserInfo> {
      return toUserInfo(await userById(userId));
    },

    async sendCode(request: {
      channel: 'email' | 'sms';
      target: string;
      purpose: CodePurpose;
      lang: Language;
    }) {
      const column = request.channel === 'email' ? 'email' : 'phone';
      const owner = await db
        .selectFrom('users')
        .select(['id', 'anti_phishing_code'])
        .where(column, '=', request.target)
        .executeTakeFirst();
      // A reset code for an address nobody registered is not sent, and the answer is the
      // same as when it is, so the form cannot be used to discover accounts.
      if (request.purpose === 'reset' && !owner) return { resendAfterSeconds: 60 };
      return codes.send({ ...request, antiPhishingCode: owner?.anti_phishing_code ?? null });
    },

    async resetPassword(input: {
      email: string;
      code: string;
      password: string;
      confirmPassword: string;
    }) {
      requireMatch(input.password, input.confirmPassword);
      await codes.consume(input.email, 'reset', input.code);
      const user = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', input.email)
        .executeTakeFirst();
      if (!user) throw new AppError('validation', 'codeInvalid', {}, 'code');
      await db
        .updateTable('users')
        .set({ password_hash: await hashPassword(input.password) })
        .where('id', '=', user.id)
        .execute();
      await sessions.revokeUser(user.id, 'password-reset');
    },

    async bindEmail(principal: SessionPrincipal, email: string, code: string) {
      const taken = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirst();
      if (taken) throw new AppError('conflict', 'alreadyBound');
      await codes.consume(email, 'bind', code);
      try {
        await db.updateTable('users').set({ email }).where('id', '=', principal.userId).execute();
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('conflict', 'alreadyBound');
        throw error;
      }
    },

    async bindPhone(principal: SessionPrincipal, areaCode: string, phone: string, code: string) {
      const full = fullPhone(areaCode, phone);
      const taken = await db
        .selectFrom('users')
        .select('id')
        .where('phone', '=', full)
        .executeTakeFirst();
      if (taken) throw new AppError('conflict', 'alreadyBound');
      await codes.consume(full, 'bind', code);
      try {
        await db
          .updateTable('users')
          .set({ phone: full, area_code: areaCode })
          .where('id', '=', principal.userId)
          .execute();
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('conflict', 'alreadyBound');
        throw error;
      }
    },

    async changeLoginPassword(principal: SessionPrincipal, sealed: Sealed) {
      const input = openSealed(transport, sealed, loginPasswordChangeSchema);
      requireMatch(input.newPassword, input.confirmPassword);
      const user = await userById(principal.userId);
      if (!(await verifyPassword(user.password_hash, input.oldPassword))) {
        throw new AppError('validation', 'wrongPassword', {}, 'oldPassword');
      }
      if (input.oldPassword === input.newPassword) {
        throw new AppError('validation', 'samePassword', {}, 'newPassword');
      }
      const blockedUntil = iso(addSeconds(clock.now(), WITHDRAW_BLOCK_SECONDS));
      await db
        .updateTable('users')
        .set({
          password_hash: await hashPassword(input.newPassword),
          withdraw_blocked_until: blockedUntil,
        })
        .where('id', '=', user.id)
        .execute();
      await sessions.revokeUser(user.id, 'password-change', principal.sessionId);
      return { withdrawBlockedUntil: blockedUntil };
    },

    async setFundPassword(principal: SessionPrincipal, sealed: Sealed) {
      const input = openSealed(transport, sealed, fundPasswordSetSchema);
      requireMatch(input.password, input.confirmPassword);
      const hash = await hashPassword(input.password);
      const result = await db
        .updateTable('users')
        .set({ fund_password_hash: hash })
        .where('id', '=', principal.userId)
        .where('fund_password_hash', 'is', null)
        .executeTakeFirst();
      if (result.numUpdatedRows !== 1n) throw new AppError('conflict', 'fundPasswordAlreadySet');
    },

    async changeFundPassword(principal: SessionPrincipal, sealed: Sealed) {
      const input = openSealed(transport, sealed, fundPasswordChangeSchema);
      requireMatch(input.password, input.confirmPassword);
      const user = await userById(principal.userId);
      if (!user.fund_password_hash) throw new AppError('validation', 'fundPasswordRequired');
      await codes.consume(await emailOf(user.id), 'fundPassword', input.code);
      await db
        .updateTable('users')
        .set({ fund_password_hash: await hashPassword(input.password) })
        .where('id', '=', user.id)
        .execute();
    },

    /** The member family's one call: sets the fund password, or changes it when a code comes. */
    async setOrChangeFundPassword(principal: SessionPrincipal, sealed: Sealed) {
      const user = await userById(principal.userId);
      if (user.fund_password_hash) return this.changeFundPassword(principal, sealed);
      return this.setFundPassword(principal, sealed);
    },

    async setAntiPhishingCode(principal: SessionPrincipal, antiCode: string, code: string) {
      await codes.consume(await emailOf(principal.userId), 'security', code);
      await db
        .updateTable('users')
        .set({ anti_phishing_code: antiCode })
        .where('id', '=', principal.userId)
        .execute();
    },

    async pendingTotp(principal: SessionPrincipal) {
      const user = await userById(principal.userId);
      const secret = newTotpSecret();
      await db
        .updateTable('users')
        .set({ totp_pending_secret: secret })
        .where('id', '=', user.id)
        .execute();
      const label = user.email ?? user.account ?? user.phone ?? user.id;
      return {
        secret,
        otpauthUri: totpUri(deps.brand, label, secret),
        bound: user.totp_secret !== null,
      };
    },

    /** action 1 binds the pending secret; action 2 unbinds, proven by the bound one. */
    async bindOrResetTotp(principal: SessionPrincipal, code: string, action: '1' | '2') {
      const user = await userById(principal.userId);
      if (action === '1') {
        if (!user.totp_pending_secret) throw new AppError('validation', 'totpNotPending');
        if (!(await acceptTotp(user, user.totp_pending_secret, code))) {
          throw new AppError('validation', 'totpInvalid', {}, 'code');
        }
        await db
          .updateTable('users')
          .set({ totp_secret: user.totp_pending_secret, totp_pending_secret: null })
          .where('id', '=', user.id)
          .execute();
        return { bound: true };
      }
      if (!user.totp_secret) throw new AppError('validation', 'totpNotBound');
      if (!(await acceptTotp(user, user.totp_secret, code))) {
        throw new AppError('validation', 'totpInvalid', {}, 'code');
      }
      await db
        .updateTable('users')
        .set({ totp_secret: null, totp_pending_secret: null })
        .where('id', '=', user.id)
        .execute();
      return { bound: false };
    },

    /** For calls that need the second factor when it is on (API key creation). */
    async requireSecondFactor(principal: SessionPrincipal, code: string | undefined) {
      const user = await userById(principal.userId);
      if (!user.totp_secret) return;
      if (!code) throw new AppError('validation', 'totpRequired', {}, 'googleCode');
      if (!(await acceptTotp(user, user.totp_secret, code))) {
        throw new AppError('validation', 'totpInvalid', {}, 'googleCode');
      }
    },

    logout: (principal: SessionPrincipal) => sessions.revokeSession(principal.sessionId, 'logout'),
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
