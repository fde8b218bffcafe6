import { create } from 'zustand';
import type { UserInfo } from '@meridian/contract/calls/user';
import { clearToken, readTokens, storeTokens } from './token-storage.ts';

export type { UserInfo };

export interface SessionTokens {
  token: string;
  refreshToken: string;
  issuedAt: string;
}

interface SessionState {
  token: string | null;
  refreshToken: string | null;
  issuedAt: string | null;
  userInfo: UserInfo | null;
  isLogin: boolean;
  /** A stored token is being checked; guarded pages wait instead of sending to login. */
  restoring: boolean;
  /** Seed section 4: stores the token (cookie and local storage) and marks the login. */
  signIn(session: SessionTokens & { userInfo: UserInfo }): void;
  /** New tokens from a refresh; the login stays. */
  replaceTokens(tokens: SessionTokens): void;
  /** The profile was fetched (after login, a restore or a refresh): merge it in. */
  setUserInfo(userInfo: UserInfo): void;
  /** Seed section 4: clears token, user and login flag, and both stored tokens. */
  logout(): void;
}

const stored = readTokens();

export const useSession = create<SessionState>((set) => ({
  token: stored?.token ?? null,
  refreshToken: stored?.refreshToken ?? null,
  issuedAt: stored?.issuedAt ?? null,
  userInfo: null,
  // A stored token alone is not a login: the profile has to load first.
  isLogin: false,
  restoring: stored !== null,
  signIn({ token, refreshToken, issuedAt, userInfo }) {
    storeTokens({ token, refreshToken, issuedAt });
    set({ token, refreshToken, issuedAt, userInfo, isLogin: true, restoring: false });
  },
  replaceTokens({ token, refreshToken, issuedAt }) {
    storeTokens({ token, refreshToken, issuedAt });
    set({ token, refreshToken, issuedAt });
  },
  setUserInfo(userInfo) {
    set((state) => ({
      userInfo: { ...state.userInfo, ...userInfo },
      isLogin: true,
      restoring: false,
    }));
  },
  logout() {
    clearToken();
    set({
      token: null,
      refreshToken: null,
      issuedAt: null,
      userInfo: null,
      isLogin: false,
      restoring: false,
    });
  },
}));
