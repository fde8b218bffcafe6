import { useState } from 'react';
import { useNavigate, useSearchParams } from '../../../shared/router/index.tsx';
import { operatorActivate, operatorLogin } from '@meridian/contract/calls/operators';
import type { CallData } from '@meridian/contract/define';
import { useOpsApi } from '../session/context.tsx';
import { useOpsSession } from '../session/session-store.ts';
import { landingPath } from '../shell/pages.ts';

type LoginAnswer = CallData<typeof operatorLogin>;
export type Activation = Extract<LoginAnswer, { stage: 'activate' }>;
type Session = Extract<LoginAnswer, { stage: 'session' }>['session'];

export interface Credentials {
  email: string;
  password: string;
  code?: string;
}

export interface ActivationInput {
  newPassword: string;
  code: string;
}

/** Only a console page may be the way back after sign-in (never another site or page). */
export function consoleRedirect(target: string | null): string | null {
  return target && /^\/ops(\/|$|\?)/.test(target) && !target.startsWith('/ops/login')
    ? target
    : null;
}

/**
 * The console's sign-in: email, password and authenticator code; on the first sign-in the
 * server answers `activate` instead (the password was the one-time one), and the second
 * step sets the operator's own password and proves the new authenticator with a code.
 * Failures are shown in place, in the server's words.
 */
export function useOpsLogin() {
  const api = useOpsApi();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [activation, setActivation] = useState<(Activation & { email: string }) | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function enter(session: Session) {
    useOpsSession.getState().signIn({
      token: session.token,
      operator: session.operator,
      permissions: session.permissions,
    });
    navigate(consoleRedirect(params.get('redirect')) ?? landingPath(session.permissions), {
      replace: true,
    });
  }

  async function run(step: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await step();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  return {
    activation,
    error,
    busy,
    signIn: (input: Credentials) =>
      run(async () => {
        const answer = await api.quiet(operatorLogin, {
          body: {
            email: input.email,
            password: input.password,
            ...(input.code ? { code: input.code } : {}),
          },
        });
        if (answer.stage === 'session') enter(answer.session);
        else setActivation({ ...answer, email: input.email });
      }),
    activate: (input: ActivationInput) =>
      run(async () => {
        if (!activation) return;
        enter(
          await api.quiet(operatorActivate, {
            body: {
              setupToken: activation.setupToken,
              newPassword: input.newPassword,
              code: input.code,
            },
          }),
        );
      }),
    /** Back to the first step (the setup lapses on the server at `expiresAt`). */
    restart: () => {
      setActivation(null);
      setError(null);
    },
  };
}
