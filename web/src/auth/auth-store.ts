import { create } from 'zustand';
import type { SignedInResponse } from '@mathdaily/domain/api/accounts';
import { api, errorMessage, notePosition } from '../api/client.ts';
import { tokenStorage } from './token-storage.ts';

/** SPEC §3 User, as sign-in, registration and /api/auth/me answer with it. */
export type User = SignedInResponse['user'];
export type Role = User['role'];
export type AuthResponse = SignedInResponse;

export interface RegistrationPayload {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  gradeLevel?: number;
  /** SPEC §3: always 'student' (the server ignores it); a parent or guardian asks with `accountType`. */
  role: 'student';
  accountType?: 'student' | 'parent';
}

type Status = 'loading' | 'authenticated' | 'logged_out' | 'error';

interface AuthState {
  status: Status;
  /** False until the start-up check of stored tokens is done; only then do guards decide. */
  initialised: boolean;
  user: User | null;
  error: string | null;
  /** Set when a session could not be refreshed, until the next sign-in: /login says so. */
  sessionExpired: boolean;
  /** On app start: fetch the current user when a token is stored; on failure, sign out. */
  initialise(): Promise<void>;
  login(email: string, password: string): Promise<User>;
  register(payload: RegistrationPayload): Promise<User>;
  logout(): Promise<void>;
  setUser(user: User): void;
  /** Forgets the sign-in here without asking the server (the account was just deleted: it has no sessions left). */
  setSignedOut(): void;
  /** Signs in with an auth response obtained elsewhere (e.g. password reset). */
  accept(response: AuthResponse): void;
}

export const useAuth = create<AuthState>((set, get) => {
  /** Signing in and registering both end signed in, or in the error state with no tokens kept. */
  const signIn = async (path: string, body: unknown): Promise<User> => {
    set({ status: 'loading', error: null });
    try {
      const response = await api.post<AuthResponse>(path, body, { anonymous: true });
      get().accept(response);
      return response.user;
    } catch (error) {
      tokenStorage.clear();
      set({ status: 'error', user: null, error: errorMessage(error) });
      throw error;
    }
  };
  return {
    status: 'loading',
    initialised: false,
    sessionExpired: false,
    user: null,
    error: null,
    async initialise() {
      if (!tokenStorage.accessToken()) {
        set({ status: 'logged_out', user: null, initialised: true });
        return;
      }
      try {
        const { user } = await api.get<{ user: User }>('/api/auth/me');
        set({ status: 'authenticated', user, error: null, initialised: true });
      } catch {
        tokenStorage.clear();
        set({ status: 'logged_out', user: null, initialised: true });
      }
    },
    login(email, password) {
      return signIn('/api/auth/login', { email, password });
    },
    register(payload) {
      return signIn('/api/auth/register', payload);
    },
    async logout() {
      const refreshToken = tokenStorage.refreshToken();
      // Failures are ignored (SPEC §7): the local sign-out happens regardless.
      if (refreshToken) await api.post('/api/auth/logout', { refreshToken }).catch(() => undefined);
      tokenStorage.clear();
      set({ status: 'logged_out', user: null, error: null });
    },
    setUser(user) {
      set({ user });
    },
    setSignedOut() {
      tokenStorage.clear();
      set({ status: 'logged_out', user: null, error: null });
    },
    accept(response) {
      tokenStorage.save(response.accessToken, response.refreshToken);
      notePosition(response.position);
      set({ status: 'authenticated', user: response.user, error: null, sessionExpired: false });
    },
  };
});

