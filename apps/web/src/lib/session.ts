import { useSyncExternalStore } from 'react';
import type { HouseholdProfile, User } from '@reeltime/contract';
import { PROFILE_KEY, TOKEN_KEY, USER_KEY } from './session-keys';
import { readStorage, writeStorage } from './storage';

export type ProfileSummary = Pick<HouseholdProfile, 'id' | 'name' | 'avatar' | 'avatar_image' | 'is_kids'>;

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
  writeStorage(PROFILE_KEY, null);
  notify();
}

/** Remembers the profile the stored token acts as; with `token`, that token replaces the stored one. */
export function setProfile(profile: ProfileSummary, token?: string): void {
  if (token) writeStorage(TOKEN_KEY, token);
  writeStorage(PROFILE_KEY, JSON.stringify(profile));
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
  writeStorage(PROFILE_KEY, null);
  notify();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || [TOKEN_KEY, USER_KEY, PROFILE_KEY].includes(event.key)) listener();
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

/** A stored JSON value; the snapshot is the raw string so it stays referentially stable. */
function useStoredJson<T>(key: string): T | null {
  const raw = useSyncExternalStore(
    subscribe,
    () => readStorage(key),
    () => null,
  );
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function useUser(): User | null {
  return useStoredJson<User>(USER_KEY);
}

/** The profile the stored token acts as, when the web app chose it (null: the owner's). */
export function useProfile(): ProfileSummary | null {
  return useStoredJson<ProfileSummary>(PROFILE_KEY);
}

/** The stored token acts as a kids profile: the simpler layout, and no account pages. */
export function useIsKids(): boolean {
  return useProfile()?.is_kids === true;
}
