import type { FastifyInstance } from 'fastify';
import {
  accountVerificationBinding,
  antiCode,
  createApiKey,
  deleteApiKey,
  deleteDevice,
  getGoogleVerification,
  getLoginDevice,
  getLoginLog,
  googleVerificationBindingOrReset,
  listApiKeys,
  sendEmailOpen,
  sendSmsOpen,
  tradePwd,
  updateDevice,
} from '@meridian/contract';
import { fullPhone, type AccountService } from './accounts.ts';
import type { ApiKeyService } from './api-keys.ts';
import type { DeviceService } from './devices.ts';
import { principalOf } from '../../kernel/http/auth.ts';
import { registerCall } from '../../kernel/http/register-call.ts';

export interface MemberCallDeps {
  accounts: AccountService;
  devices: DeviceService;
  apiKeys: ApiKeyService;
}

const CODE_PER_MINUTE = 5;

/** The newer `/api/{head}/coin/member/...` and `open/send/...` family. */
export function registerMemberCalls(app: FastifyInstance, head: string, deps: MemberCallDeps) {
  const { accounts, devices, apiKeys } = deps;

  registerCall(
    app,
    head,
    sendEmailOpen,
    async ({ query }, request) =>
      accounts.sendCode({
        channel: 'email',
        target: query.email,
        purpose: query.purpose,
        lang: request.lang,
      }),
    { perMinute: CODE_PER_MINUTE },
  );

  registerCall(
    app,
    head,
    sendSmsOpen,
    async ({ query }, request) =>
      accounts.sendCode({
        channel: 'sms',
        target: fullPhone(query.areaCode, query.phone),
        purpose: query.purpose,
        lang: request.lang,
      }),
    { perMinute: CODE_PER_MINUTE },
  );

  registerCall(app, head, accountVerificationBinding, async ({ body }, request) => {
    const principal = principalOf(request);
    if (body.type === 'email') await accounts.bindEmail(principal, body.email, body.code);
    else await accounts.bindPhone(principal, body.areaCode, body.phone, body.code);
    return null;
  });

  registerCall(app, head, getLoginLog, async ({ query }, request) =>
    devices.loginLog(principalOf(request), query.current, query.size),
  );

  registerCall(app, head, getLoginDevice, async (_input, request) =>
    devices.list(principalOf(request)),
  );

  registerCall(app, head, deleteDevice, async ({ params }, request) => {
    await devices.remove(principalOf(request), params.id);
    return null;
  });

  registerCall(app, head, updateDevice, async ({ body }, request) => {
    await devices.rename(principalOf(request), body.id, body.name);
    return null;
  });

  registerCall(app, head, getGoogleVerification, async (_input, request) =>
    accounts.pendingTotp(principalOf(request)),
  );

  registerCall(app, head, googleVerificationBindingOrReset, async ({ params }, request) =>
    accounts.bindOrResetTotp(principalOf(request), params.x, params.y, request.lang),
  );

  registerCall(app, head, tradePwd, async ({ body }, request) => {
    await accounts.setOrChangeFundPassword(principalOf(request), body);
    return null;
  });

  registerCall(app, head, antiCode, async ({ body }, request) => {
    await accounts.setAntiPhishingCode(principalOf(request), body.antiCode, body.code);
    return null;
  });

  registerCall(app, head, listApiKeys, async (_input, request) =>
    apiKeys.list(principalOf(request)),
  );

  registerCall(app, head, createApiKey, async ({ body }, request) => {
    const principal = principalOf(request);
    await accounts.requireSecondFactor(principal, body.googleCode);
    return apiKeys.create(principal, body);
  });

  registerCall(app, head, deleteApiKey, async ({ query }, request) => {
    await apiKeys.remove(principalOf(request), query.id);
    return null;
  });
}
