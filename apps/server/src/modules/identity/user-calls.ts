import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  backPwd,
  bindEmail,
  getCountryCode,
  getInfo,
  getPublicKey,
  login,
  logout,
  refreshToken,
  register,
  sendEmailCode,
  sendMobileCode,
  tardPwdSet,
  updatePwd,
  updateUserLoginPwd,
} from '@meridian/contract';
import { COUNTRY_DIAL_CODES } from './countries.ts';
import type { SessionService } from './sessions.ts';
import type { TransportKeys } from '../../kernel/transport-crypto.ts';
import { fullPhone, type AccountService, type ClientContext } from './accounts.ts';
import { principalOf } from '../../kernel/http/auth.ts';
import { Answer, registerCall } from '../../kernel/http/register-call.ts';

export interface UserCallDeps {
  accounts: AccountService;
  sessions: SessionService;
  transport: TransportKeys;
}

/** Rates per IP per minute for the calls an attacker would hammer. */
const LOGIN_PER_MINUTE = 20;
const CODE_PER_MINUTE = 5;

/** The older `/api/user/...` family. */
export function registerUserCalls(app: FastifyInstance, head: string, deps: UserCallDeps) {
  const { accounts } = deps;

  registerCall(
    app,
    head,
    login,
    async ({ body }, request) => {
      const result = await accounts.login(body, clientContext(request));
      // The seed's whitelisted "login step 1 success": the client asks for the code.
      if (result.step === 'totp') return new Answer(202, 'loginStep1', null);
      return result.session;
    },
    { dataStatuses: [202], perMinute: LOGIN_PER_MINUTE },
  );

  registerCall(
    app,
    head,
    register,
    async ({ body }, request) => accounts.register(body, clientContext(request)),
    { perMinute: LOGIN_PER_MINUTE },
  );

  registerCall(
    app,
    head,
    refreshToken,
    async ({ body }) => deps.sessions.refresh(body.refreshToken),
    {
      perMinute: LOGIN_PER_MINUTE,
    },
  );

  registerCall(app, head, logout, async (_input, request) => {
    await accounts.logout(principalOf(request));
    return null;
  });

  registerCall(app, head, getInfo, async (_input, request) =>
    accounts.info(principalOf(request).userId),
  );

  registerCall(app, head, getPublicKey, async () => ({
    keyId: deps.transport.keyId,
    spki: deps.transport.spki,
  }));

  registerCall(app, head, getCountryCode, async () => [...COUNTRY_DIAL_CODES]);

  registerCall(
    app,
    head,
    sendEmailCode,
    async ({ body }, request) =>
      accounts.sendCode({
        channel: 'email',
        target: body.email,
        purpose: body.purpose,
        lang: request.lang,
      }),
    { perMinute: CODE_PER_MINUTE },
  );

  registerCall(
    app,
    head,
    sendMobileCode,
    async ({ body }, request) =>
      accounts.sendCode({
        channel: 'sms',
        target: fullPhone(body.areaCode, body.phone),
        purpose: body.purpose,
        lang: request.lang,
      }),
    { perMinute: CODE_PER_MINUTE },
  );

  registerCall(
    app,
    head,
    backPwd,
    async ({ body }) => {
      await accounts.resetPassword(body);
      return null;
    },
    { perMinute: CODE_PER_MINUTE },
  );

  registerCall(app, head, bindEmail, async ({ body }, request) => {
    await accounts.bindEmail(principalOf(request), body.email, body.code);
    return null;
  });

  registerCall(app, head, updateUserLoginPwd, async ({ body }, request) =>
    accounts.changeLoginPassword(principalOf(request), body),
  );

  registerCall(app, head, tardPwdSet, async ({ body }, request) => {
    await accounts.setFundPassword(principalOf(request), body);
    return null;
  });

  registerCall(app, head, updatePwd, async ({ body }, request) => {
    await accounts.changeFundPassword(principalOf(request), body);
    return null;
  });
}

/** Who is calling, as far as the request tells (for devices and the login log). */
function clientContext(request: FastifyRequest): ClientContext {
  const deviceKey = request.headers['x-device-id'];
  return {
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? '').slice(0, 512),
    deviceKey: typeof deviceKey === 'string' && deviceKey.length <= 128 ? deviceKey : undefined,
    lang: request.lang,
  };
}
