import { ApiError, type ApiCall } from '../../shared/api/client.ts';
import { useSession } from '../../shared/session/store.ts';

/** Seed section 9: check every 10 s, refresh once the token is 604800 s old. */
export const TOKEN_CHECK_MS = 10_000;
export const TOKEN_REFRESH_AGE_SECONDS = 604_800;

export function tokenNeedsRefresh(
  issuedAt: string | null,
  nowMs: number,
  thresholdSeconds = TOKEN_REFRESH_AGE_SECONDS,
): boolean {
  if (!issuedAt) return true;
  return nowMs - new Date(issuedAt).getTime() >= thresholdSeconds * 1000;
}

// The keeper starts with the shell; the calls' definitions (with the schema library) load
// with its first request, off the shell's first paint.
const userCalls = () => import('@meridian/contract/calls/user');

async function reloadUserInfo(api: ApiCall): Promise<void> {
  useSession.getState().setUserInfo(await api.quiet((await userCalls()).getInfo));
}

/**
 * Keeps the session alive outside React: restores a stored token at start by loading the
 * profile, then every 10 s refreshes the token when it is old enough and reloads the
 * profile (seed section 4). A rejected token is handled by the request rules (logout).
 */
export function startSessionKeeper(api: ApiCall, now: () => number = Date.now): () => void {
  const session = useSession.getState();
  if (session.token) {
    reloadUserInfo(api).catch((error: unknown) => {
      // Offline: the stored session stays, but nobody is shown as logged in yet.
      if (!(error instanceof ApiError) || error.code === 0)
        useSession.setState({ restoring: false });
    });
  }
  let refreshing = false;
  const timer = setInterval(() => {
    const { isLogin, refreshToken: refresh, issuedAt } = useSession.getState();
    if (!isLogin || !refresh || refreshing || !tokenNeedsRefresh(issuedAt, now())) return;
    refreshing = true;
    userCalls()
      .then(({ refreshToken }) => api.quiet(refreshToken, { body: { refreshToken: refresh } }))
      .then(async (tokens) => {
        useSession.getState().replaceTokens(tokens);
        await reloadUserInfo(api);
      })
      .catch(() => undefined)
      .finally(() => {
        refreshing = false;
      });
  }, TOKEN_CHECK_MS);
  return () => clearInterval(timer);
}

/**
 * Logout: the browser forgets the session first, then the server revokes it. The other way
 * round, what the page still had running for the user (a refetch, the user socket's
 * reconnect) asked with the revoked token in between and was refused, each refusal a 401.
 */
export async function signOut(api: ApiCall): Promise<void> {
  const { token } = useSession.getState();
  useSession.getState().logout();
  if (!token) return;
  try {
    await api.quiet((await userCalls()).logout, undefined, {
      headers: { authorization: `Bearer ${token}` },
    });
  } catch {
    // Already revoked or offline: the browser has forgotten it, which is what the user asked.
  }
}
