import type { UserInfo } from '@meridian/contract';
import { createContactBinding } from './contact-binding.ts';
import { createRecovery } from './recovery.ts';
import { createSecondFactor } from './second-factor.ts';
import { createSecuritySettings } from './security-settings.ts';
import { createSignIn } from './sign-in.ts';
import { createSignUp } from './sign-up.ts';
import { toUserInfo, userById, type AccountServiceDeps } from './users.ts';

export type { ClientContext, LoginInput } from './sign-in.ts';
export { ACCOUNT_LIMIT, LOCK_SECONDS, SOURCE_LIMIT } from './login-throttle.ts';
export type { RegisterInput } from './sign-up.ts';
export { WITHDRAW_BLOCK_SECONDS } from './security-settings.ts';
export { fullPhone, toUserInfo, type AccountServiceDeps } from './users.ts';

/**
 * The account calls' one service, gathered from the use cases: sign-up, sign-in,
 * recovery, contact binding, security settings and the second factor.
 */
export function createAccountService(deps: AccountServiceDeps) {
  const signIn = createSignIn(deps);
  return {
    toUserInfo,
    info: async (userId: string): Promise<UserInfo> => toUserInfo(await userById(deps.db, userId)),
    login: signIn.login,
    logout: signIn.logout,
    ...createSignUp(deps, signIn),
    ...createRecovery(deps),
    ...createContactBinding(deps),
    ...createSecuritySettings(deps),
    ...createSecondFactor(deps),
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
