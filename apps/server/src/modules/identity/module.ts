import { normalizeLanguage } from '@meridian/contract';
import { defineModule } from '../../kernel/module.ts';
import { createAccountService } from './accounts.ts';
import { createApiKeyService, loadEncryptionKey } from './api-keys.ts';
import { createCodeService } from './codes.ts';
import { createDeviceService } from './devices.ts';
import { ensureAccount } from './ensure-account.ts';
import { registerMemberCalls } from './member-calls.ts';
import * as m0002 from './migrations/0002_accounts.ts';
import * as m0010 from './migrations/0010_api_key_signing.ts';
import * as m0014 from './migrations/0014_account_freezes.ts';
import * as m0151 from './migrations/0151_user_language.ts';
import { createOperatorViews } from './operator-views.ts';
import { createSessionService } from './sessions.ts';
import type { IdentityTables } from './tables.ts';
import { registerUserCalls } from './user-calls.ts';
import { createWithdrawalGuard } from './withdrawal-guard.ts';

/** Accounts, sessions, second factor, devices and API keys (seed: /api/user, member/...). */
export const identityModule = defineModule({
  name: 'identity',
  migrations: {
    '0002_accounts': m0002,
    '0010_api_key_signing': m0010,
    '0014_account_freezes': m0014,
    '0151_user_language': m0151,
  },
  start(ctx) {
    const { app, clock, config } = ctx;
    const db = ctx.db.withTables<IdentityTables>();
    const sessions = createSessionService(db, clock, ctx.cluster);
    ctx.sessions.install(sessions);
    const codes = createCodeService({ db, delivery: ctx.delivery, clock, brand: config.brand });
    const accounts = createAccountService({
      db,
      clock,
      codes,
      sessions,
      transport: ctx.transport,
      delivery: ctx.delivery,
      brand: config.brand,
    });
    registerUserCalls(app, config.head, { accounts, sessions, transport: ctx.transport });
    const apiKeys = createApiKeyService(db, clock, loadEncryptionKey(config, app.log));
    ctx.apiKeys.install(apiKeys.authority());
    registerMemberCalls(app, config.head, {
      accounts,
      devices: createDeviceService(db, sessions, clock),
      apiKeys,
    });
    ctx.provide('identity', {
      ensureAccount: (account) => ensureAccount(db, clock, account),
      hasAccount: async ({ id, email }) =>
        (await db
          .selectFrom('users')
          .select('id')
          .where('id', '=', id)
          .where('email', '=', email)
          .executeTakeFirst()) !== undefined,
      operatorViews: createOperatorViews(db, sessions, clock),
      withdrawalsFrozen: async (userId) =>
        (
          await db
            .selectFrom('users')
            .select('withdrawals_frozen_at')
            .where('id', '=', userId)
            .executeTakeFirst()
        )?.withdrawals_frozen_at != null,
      withdrawalGuard: createWithdrawalGuard(db, clock),
      chatKeyOwner: async (chatKey) =>
        (
          await db
            .selectFrom('users')
            .select('id')
            .where('chat_key', '=', chatKey)
            .executeTakeFirst()
        )?.id ?? null,
      chatKeyOf: async (userId) =>
        (
          await db
            .selectFrom('users')
            .select('chat_key')
            .where('id', '=', userId)
            .executeTakeFirst()
        )?.chat_key ?? null,
      contactOf: async (userId) => {
        const row = await db
          .selectFrom('users')
          .select(['email', 'phone', 'anti_phishing_code', 'language'])
          .where('id', '=', userId)
          .executeTakeFirst();
        return row
          ? {
              email: row.email,
              phone: row.phone,
              antiPhishingCode: row.anti_phishing_code,
              language: normalizeLanguage(row.language ?? undefined) ?? null,
            }
          : null;
      },
    });
  },
});
