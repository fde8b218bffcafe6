import { create } from 'zustand';
import { clearToken, readToken, storeToken } from './token-storage.ts';

/** Seed section 3: the signed-in user as the shell needs it; accounts add the rest. */
export interface UserInfo {
  userId: string;
  email?: string;
  phone?: string;
  avatar?: string;
}

interface SessionState {
  token: string | null;
  refreshToken: string | null;
  userInfo: UserInfo | null;
  isLogin: boolean;
  /** Seed section 4: stores the token (cookie and local storage) and marks the login. */
  signIn(session: { token: string; refreshToken?: string; userInfo: UserInfo }): void;
  /** Seed section 4: clears token, user and login flag, and both stored tokens. */
  logout(): void;
}

export const useSession = create<SessionState>((set) => ({
  token: readToken(),
  refreshToken: null,
  userInfo: null,
  // A stored token alone is not a login: the profile has to load first (accounts).
  isLogin: false,
  signIn({ token, refreshToken, userInfo }) {
    storeToken(token);
    set({ token, refreshToken: refreshToken ?? null, userInfo, isLogin: true });
  },
  logout() {
    clearToken();
    set({ token: null, refreshToken: null, userInfo: null, isLogin: false });
  },
}));
