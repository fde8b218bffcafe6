import { randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import type { OperatorRole } from '@meridian/contract';
import type { Platform } from '../src/app.ts';
import type { Clock } from '../src/kernel/clock.ts';

export const OPERATOR_PASSWORD = 'Operator-password-1';

export interface SignedInOperator {
  token: string;
  email: string;
  id: string;
  /** The authenticator secret, for a later sign-in (advance the clock 30 s first). */
  secret: string;
  headers: { authorization: string; 'user-agent': string };
}

/** The TOTP code of `secret` at the platform's time. */
export function totpAt(secret: string, clock?: Clock): Promise<string> {
  const now = clock ? clock.now().getTime() : Date.now();
  return generate({ secret, epoch: Math.floor(now / 1000) });
}

/**
 * A new operator of `role`, signed in the way a person does it: the one-time password,
 * then activation with a new password and the first authenticator code.
 */
export async function signInOperator(
  platform: Platform,
  role: OperatorRole,
  options: { email?: string; clock?: Clock } = {},
): Promise<SignedInOperator> {
  const email = options.email ?? `${role}-${randomUUID().slice(0, 8)}@ops.example.org`;
  const oneTime = `One-time-${randomUUID()}`;
  await platform.operators.ensureOperator(email, role, oneTime);
  const login = await platform.app.inject({
    method: 'POST',
    url: '/api/ops/auth/login',
    payload: { email, password: oneTime },
  });
  const setup = login.json().data as { stage: string; setupToken: string; totpSecret: string };
  if (setup.stage !== 'activate') throw new Error(`expected activation: ${login.body}`);
  const activated = await platform.app.inject({
    method: 'POST',
    url: '/api/ops/auth/activate',
    payload: {
      setupToken: setup.setupToken,
      newPassword: OPERATOR_PASSWORD,
      code: await totpAt(setup.totpSecret, options.clock),
    },
  });
  const session = activated.json().data as { token: string; operator: { id: string } };
  if (activated.statusCode !== 200) throw new Error(`activation failed: ${activated.body}`);
  return {
    token: session.token,
    email,
    id: session.operator.id,
    secret: setup.totpSecret,
    headers: { authorization: `Bearer ${session.token}`, 'user-agent': 'ops-test' },
  };
}
