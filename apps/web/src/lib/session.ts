import { useSyncExternalStore } from 'react';
import type { User } from '@reeltime/contract';
import { readStorage, writeStorage } from './storage';

/** localStorage keys of the session (the spec names them). */
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

type Listener = () => void;
const listeners = new Set<Listener>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  const token = readStorage(TOKEN_KEY);
  return token ? token : null;
}

export function getUser(): User | null {
  const raw = readStorage(USER_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? (parsed as User) : null;
  } catch {
    return null;
  }
}

export function setSession(token: string, user: User): void {
  writeStorage(TOKEN_KEY, token);
  writeStorage(USER_KEY, JSON.stringify(user));
  notify();
}

export function setToken(token: string): void {
  writeStorage(TOKEN_KEY, token);
  notify();
}

export function setUser(user: User): void {
  writeStorage(USER_KEY, JSON.stringify(user));
  notify();
}

export function clearSession(): void {
  writeStorage(TOKEN_KEY, null);
  writeStorage(USER_KEY, null);
  notify();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored token, re-rendering when it changes (also in other tabs). */
export function useToken(): string | null {
  return useSyncExternalStore(subscribe, getToken, () => null);
}

export function useIsSignedIn(): boolean {
  return useToken() !== null;
}

/** The stored user; the snapshot is the raw string so it stays referentially stable. */
export function useUser(): User | null {
  const raw = useSyncExternalStore(
    subscribe,
    () => readStorage(USER_KEY),
    () => null,
  );
  if (!raw) return null;
  try {
    return JSON.parse(raw) as User;
  } catch {
    return null;
  }
}
