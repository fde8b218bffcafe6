import { create } from 'zustand';
import type { OperatorView } from '@meridian/contract/calls/operators';
import type { OperatorPermission } from '@meridian/contract/operators';

/**
 * The operator's token lives apart from the user's: its own key, in session storage, so it
 * ends with the tab, is never sent as a cookie and never touches the exchange's session.
 */
export const OPS_TOKEN_KEY = 'meridian.ops.token';

function readStoredToken(): string | null {
  try {
    return window.sessionStorage.getItem(OPS_TOKEN_KEY) || null;
  } catch {
    return null;
  }
}

function writeStoredToken(token: string | null): void {
  try {
    if (token) window.sessionStorage.setItem(OPS_TOKEN_KEY, token);
    else window.sessionStorage.removeItem(OPS_TOKEN_KEY);
  } catch {
    // Storage unavailable: the session lasts while the page stays open.
  }
}

export interface OpsSignedIn {
  token: string;
  operator: OperatorView;
  permissions: readonly OperatorPermission[];
}

interface OpsSessionState {
  token: string | null;
  /** Known after sign-in, or once `me` answers for a token kept from earlier in the tab. */
  operator: OperatorView | null;
  permissions: readonly OperatorPermission[];
  signIn(session: OpsSignedIn): void;
  /** `me` answered for the kept token: who it is and what the role may do now. */
  setProfile(profile: Pick<OpsSignedIn, 'operator' | 'permissions'>): void;
  /** Sign-out, or a 401 from any operator call: the console goes back to its login. */
  clear(): void;
}

export function createOpsSessionStore(initialToken: string | null = readStoredToken()) {
  return create<OpsSessionState>((set) => ({
    token: initialToken,
    operator: null,
    permissions: [],
    signIn({ token, operator, permissions }) {
      writeStoredToken(token);
      set({ token, operator, permissions });
    },
    setProfile({ operator, permissions }) {
      set({ operator, permissions });
    },
    clear() {
      writeStoredToken(null);
      set({ token: null, operator: null, permissions: [] });
    },
  }));
}

export const useOpsSession = createOpsSessionStore();

/** Whether the signed-in operator's role holds a permission (what the console shows). */
export function useCan(permission: OperatorPermission): boolean {
  return useOpsSession((s) => s.permissions.includes(permission));
}
