import { PostgresAdapter } from 'kysely';
import type { OperatorPermission, OperatorRole, OperatorView } from '@meridian/contract';
import { OPERATOR_PERMISSIONS, OPERATOR_ROLES, operatorRoleSchema } from '@meridian/contract';
import { decoyHash, hashPassword, verifyPassword } from '../../kernel/auth/passwords.ts';
import { checkTotp, newTotpSecret, totpUri } from '../../kernel/auth/totp.ts';
import { addSeconds, iso, type Clock } from '../../kernel/clock.ts';
import { AppError } from '../../kernel/errors.ts';
import type { AuditEntry, AuditExecutor } from '../../kernel/operators/audit.ts';
import type { OperatorAuthority, OperatorPrincipal } from '../../kernel/operators/authority.ts';
import { newId, randomToken, sha256Hex } from '../../kernel/secrets.ts';
import type { OperatorDb, OperatorsTable, OperatorTrx } from './tables.ts';

/** An operator session lasts one working day; the console signs in again after it. */
export const OPERATOR_SESSION_SECONDS = 12 * 3600;
/** The first sign-in's activation step must be finished within this. */
const SETUP_SECONDS = 15 * 60;

/** Writes the audit row of a change, in the change's transaction. */
export type Audit = (executor: AuditExecutor, entry: AuditEntry) => Promise<void>;

/** Where a sign-in comes from: kept with the session and in the audit row. */
export interface SignInContext {
  ip: string;
  userAgent: string;
}

export function toOperatorView(row: OperatorsTable): OperatorView {
  return {
    id: row.id,
    email: row.email,
    role: operatorRoleSchema.parse(row.role),
    pendingActivation: row.must_activate === 1,
    disabled: row.disabled_at !== null,
    createdAt: row.created_at,
    lastLoginAt: row.last_login_at,
  };
}

/** 20 characters from an alphabet without look-alikes: read once, typed once. */
function oneTimePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  const bytes = randomToken(30);
  let out = '';
  for (const ch of Buffer.from(bytes, 'base64url')) {
    out += alphabet[ch % alphabet.length];
    if (out.length === 20) break;
  }
  return out;
}

export function createOperatorAccounts(db: OperatorDb, clock: Clock, brand: string) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const now = () => iso(clock.now());

  async function permissionsOf(role: OperatorRole): Promise<OperatorPermission[]> {
    const rows = await db
      .selectFrom('operator_role_permissions')
      .select('permission')
      .where('role', '=', role)
      .execute();
    const held = new Set(rows.map((r) => r.permission));
    return OPERATOR_PERMISSIONS.filter((p) => held.has(p));
  }

  async function openSession(row: OperatorsTable, ctx: SignInContext, audit: Audit) {
    const token = randomToken();
    const at = clock.now();
    const expiresAt = iso(addSeconds(at, OPERATOR_SESSION_SECONDS));
    const sessionId = newId();
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('operator_sessions')
        .values({
          id: sessionId,
          operator_id: row.id,
          token_hash: sha256Hex(token),
          ip: ctx.ip,
          user_agent: ctx.userAgent.slice(0, 512),
          created_at: iso(at),
          expires_at: expiresAt,
          revoked_at: null,
        })
        .execute();
      await trx
        .updateTable('operators')
        .set({ last_login_at: iso(at) })
        .where('id', '=', row.id)
        .execute();
      await audit(trx, { action: 'session.open', targetType: 'operator', targetId: row.id });
    });
    const role = operatorRoleSchema.parse(row.role);
    return {
      principal: { operatorId: row.id, sessionId, role, email: row.email },
      session: {
        token,
        expiresAt,
        operator: toOperatorView({ ...row, last_login_at: iso(at) }),
        permissions: await permissionsOf(role),
      },
    };
  }

  /** Accepts a code once: the step it used is written only if no other request took it. */
  async function acceptTotp(row: OperatorsTable, code: string): Promise<boolean> {
    if (!row.totp_secret) return false;
    const last = row.totp_last_step === null ? null : Number(row.totp_last_step);
    const step = await checkTotp(row.totp_secret, code, last, clock.now().getTime());
    if (step === null) return false;
    let update = db.updateTable('operators').set({ totp_last_step: step }).where('id', '=', row.id);
    update =
      last === null
        ? update.where('totp_last_step', 'is', null)
        : update.where('totp_last_step', '=', last);
    return (await update.executeTakeFirst()).numUpdatedRows === 1n;
  }

  const byId = (id: string) =>
    db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();

  async function mustFind(id: string): Promise<OperatorsTable> {
    const row = await byId(id);
    if (!row) throw new AppError('notFound');
    return row;
  }

  async function revokeSessions(executor: OperatorDb | OperatorTrx, operatorId: string) {
    await executor
      .updateTable('operator_sessions')
      .set({ revoked_at: now() })
      .where('operator_id', '=', operatorId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /**
   * Runs `change` only while another enabled admin remains once it is done: the admin
   * rows are locked first on PostgreSQL (SQLite runs one writer at a time), so two admins
   * disabling each other at once cannot leave none.
   */
  async function keepingAnAdmin<T>(
    target: string,
    change: (trx: OperatorTrx) => Promise<T>,
  ): Promise<T> {
    return db.transaction().execute(async (trx) => {
      let admins = trx
        .selectFrom('operators')
        .select('id')
        .where('role', '=', 'admin')
        .where('disabled_at', 'is', null);
      if (postgres) admins = admins.forUpdate();
      const rows = await admins.execute();
      if (!rows.some((r) => r.id !== target)) throw new AppError('conflict', 'operatorLastAdmin');
      return change(trx);
    });
  }

  return {
    permissionsOf,

    /** The kernel's view: every operator call asks it, so a revocation applies at once. */
    authority(): OperatorAuthority {
      return {
        async authenticate(token): Promise<OperatorPrincipal | null> {
          const row = await db
            .selectFrom('operator_sessions as s')
            .innerJoin('operators as o', 'o.id', 's.operator_id')
            .select(['s.id as sessionId', 'o.id as operatorId', 'o.role', 'o.email'])
            .where('s.token_hash', '=', sha256Hex(token))
            .where('s.revoked_at', 'is', null)
            .where('s.expires_at', '>', now())
            .where('o.disabled_at', 'is', null)
            .where('o.must_activate', '=', 0)
            .executeTakeFirst();
          if (!row) return null;
          return { ...row, role: operatorRoleSchema.parse(row.role) };
        },
        async permits(role, permission) {
          const row = await db
            .selectFrom('operator_role_permissions')
            .select('role')
            .where('role', '=', role)
            .where('permission', '=', permission)
            .executeTakeFirst();
          return row !== undefined;
        },
      };
    },

    /** A new operator on a one-time password; the first sign-in replaces it and adds TOTP. */
    async create(email: string, role: OperatorRole, audit: Audit, password = oneTimePassword()) {
      const row: OperatorsTable = {
        id: newId(),
        email,
        role,
        password_hash: await hashPassword(password),
        must_activate: 1,
        totp_secret: null,
        totp_last_step: null,
        setup_hash: null,
        setup_secret: null,
        setup_expires_at: null,
        disabled_at: null,
        created_at: now(),
        last_login_at: null,
      };
      await db.transaction().execute(async (trx) => {
        const taken = await trx
          .selectFrom('operators')
          .select('id')
          .where('email', '=', email)
          .executeTakeFirst();
        if (taken) throw new AppError('conflict', 'operatorExists');
        await trx.insertInto('operators').values(row).execute();
        await audit(trx, {
          action: 'operator.create',
          targetType: 'operator',
          targetId: row.id,
          after: { email, role },
        });
      });
      return { operator: toOperatorView(row), oneTimePassword: password };
    },

    /**
     * Password and authenticator code together. The answer never says which was wrong,
     * and an unknown email costs the same time as a known one.
     */
    async login(
      input: { email: string; password: string; code?: string | undefined },
      ctx: SignInContext,
      audit: (principal: OperatorPrincipal) => Audit,
    ) {
      const row = await db
        .selectFrom('operators')
        .selectAll()
        .where('email', '=', input.email)
        .executeTakeFirst();
      const passwordOk = await verifyPassword(
        row?.password_hash ?? (await decoyHash()),
        input.password,
      );
      if (!row || !passwordOk) throw new AppError('validation', 'operatorBadLogin');
      if (row.disabled_at) throw new AppError('forbidden', 'operatorDisabled');
      if (row.must_activate === 1) {
        const setupToken = randomToken();
        const secret = newTotpSecret();
        const expiresAt = iso(addSeconds(clock.now(), SETUP_SECONDS));
        await db
          .updateTable('operators')
          .set({
            setup_hash: sha256Hex(setupToken),
            setup_secret: secret,
            setup_expires_at: expiresAt,
          })
          .where('id', '=', row.id)
          .execute();
        return {
          stage: 'activate' as const,
          setupToken,
          totpSecret: secret,
          otpauthUri: totpUri(`${brand} operators`, row.email, secret),
          expiresAt,
        };
      }
      if (!input.code || !(await acceptTotp(row, input.code))) {
        throw new AppError('validation', 'operatorBadLogin');
      }
      const opened = await openSession(row, ctx, audit(principalFor(row)));
      return { stage: 'session' as const, session: opened.session };
    },

    /** The first sign-in's second step: a password of the operator's own and a working TOTP. */
    async activate(
      input: { setupToken: string; newPassword: string; code: string },
      ctx: SignInContext,
      audit: (principal: OperatorPrincipal) => Audit,
    ) {
      const hash = sha256Hex(input.setupToken);
      const row = await db
        .selectFrom('operators')
        .selectAll()
        .where('setup_hash', '=', hash)
        .where('setup_expires_at', '>', now())
        .where('must_activate', '=', 1)
        .where('disabled_at', 'is', null)
        .executeTakeFirst();
      if (!row?.setup_secret) throw new AppError('validation', 'operatorSetupExpired');
      const step = await checkTotp(row.setup_secret, input.code, null, clock.now().getTime());
      if (step === null) throw new AppError('validation', 'operatorTotpWrong', {}, 'code');
      const updated = await db
        .updateTable('operators')
        .set({
          password_hash: await hashPassword(input.newPassword),
          totp_secret: row.setup_secret,
          totp_last_step: step,
          must_activate: 0,
          setup_hash: null,
          setup_secret: null,
          setup_expires_at: null,
        })
        .where('id', '=', row.id)
        .where('setup_hash', '=', hash)
        .executeTakeFirst();
      if (updated.numUpdatedRows !== 1n) throw new AppError('validation', 'operatorSetupExpired');
      const activated = { ...row, must_activate: 0, totp_secret: row.setup_secret };
      return (await openSession(activated, ctx, audit(principalFor(activated)))).session;
    },

    async logout(sessionId: string, audit: Audit) {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('operator_sessions')
          .set({ revoked_at: now() })
          .where('id', '=', sessionId)
          .execute();
        await audit(trx, { action: 'session.close', targetType: 'session', targetId: sessionId });
      });
    },

    async me(operatorId: string) {
      const row = await mustFind(operatorId);
      const view = toOperatorView(row);
      return { operator: view, permissions: await permissionsOf(view.role) };
    },

    async list(): Promise<OperatorView[]> {
      const rows = await db.selectFrom('operators').selectAll().orderBy('created_at').execute();
      return rows.map(toOperatorView);
    },

    /** A role change or a disable takes effect on the next call: every call reads both. */
    async update(id: string, change: { role?: OperatorRole; disabled?: boolean }, audit: Audit) {
      const before = await mustFind(id);
      const losesAdmin =
        before.role === 'admin' &&
        before.disabled_at === null &&
        ((change.role !== undefined && change.role !== 'admin') || change.disabled === true);
      const apply = async (trx: OperatorTrx) => {
        const disabledAt =
          change.disabled === undefined ? before.disabled_at : change.disabled ? now() : null;
        const set = { role: change.role ?? before.role, disabled_at: disabledAt };
        await trx.updateTable('operators').set(set).where('id', '=', id).execute();
        if (change.disabled === true) await revokeSessions(trx, id);
        await audit(trx, {
          action: 'operator.update',
          targetType: 'operator',
          targetId: id,
          before: { role: before.role, disabled: before.disabled_at !== null },
          after: { role: set.role, disabled: set.disabled_at !== null },
        });
      };
      if (losesAdmin) await keepingAnAdmin(id, apply);
      else await db.transaction().execute(apply);
      return toOperatorView(await mustFind(id));
    },

    /** A lost authenticator or password: back to a one-time password; sessions end. */
    async reset(id: string, audit: Audit) {
      await mustFind(id);
      const password = oneTimePassword();
      const passwordHash = await hashPassword(password);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('operators')
          .set({
            password_hash: passwordHash,
            must_activate: 1,
            totp_secret: null,
            totp_last_step: null,
            setup_hash: null,
            setup_secret: null,
            setup_expires_at: null,
          })
          .where('id', '=', id)
          .execute();
        await revokeSessions(trx, id);
        await audit(trx, {
          action: 'operator.reset',
          targetType: 'operator',
          targetId: id,
        });
      });
      return { operator: toOperatorView(await mustFind(id)), oneTimePassword: password };
    },

    /** The command line's way back in for an operator who lost both factors. */
    async resetByEmail(email: string, audit: Audit) {
      const row = await db
        .selectFrom('operators')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirst();
      if (!row) throw new AppError('notFound');
      return this.reset(row.id, audit);
    },

    async roles() {
      return Promise.all(
        OPERATOR_ROLES.map(async (role) => ({ role, permissions: await permissionsOf(role) })),
      );
    },

    /** Replaces a role's permissions; the admin role keeps them all (no one locks the door). */
    async setRolePermissions(role: OperatorRole, permissions: OperatorPermission[], audit: Audit) {
      if (role === 'admin') throw new AppError('conflict', 'operatorAdminRole');
      const before = await permissionsOf(role);
      const wanted = [...new Set(permissions)];
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('operator_role_permissions').where('role', '=', role).execute();
        if (wanted.length > 0) {
          await trx
            .insertInto('operator_role_permissions')
            .values(wanted.map((permission) => ({ role, permission })))
            .execute();
        }
        await audit(trx, {
          action: 'role.permissions',
          targetType: 'role',
          targetId: role,
          before,
          after: wanted,
        });
      });
      return { role, permissions: await permissionsOf(role) };
    },
  };
}

function principalFor(row: OperatorsTable): OperatorPrincipal {
  // The session id is filled in by the audit row's reader; a sign-in's row names the operator.
  return {
    operatorId: row.id,
    sessionId: '',
    role: operatorRoleSchema.parse(row.role),
    email: row.email,
  };
}

export type OperatorAccounts = ReturnType<typeof createOperatorAccounts>;
