// The signed-in player, kept in localStorage under `runeborn_user`,
// and the per-user remembered team under `runeborn_active_team_{userId}`. useSession() re-renders on change,
// also when another tab logs in or out. The API client (api/client.ts) never touches this; pages save users here.
import { useSyncExternalStore } from 'react';
import type { User } from '../api/index.ts';
import { CURRENCIES, TEAM_MAX } from '../api/rules.ts';

export const SESSION_KEY = 'runeborn_user';
export const activeTeamKey = (userId: string): string => `runeborn_active_team_${userId}`;

/** Reads a stored user; anything that is not a user (bad JSON, missing id or username) is null. Missing currencies count as 0. */
export function parseStoredUser(raw: string | null): User | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.id !== 'string' || v.id === '' || typeof v.username !== 'string' || v.username === '')
    return null;
  const user: User = {
    id: v.id,
    username: v.username,
    gold: 0,
    magic_essence: 0,
    summoning_scrolls: 0,
    combat_tokens: 0,
    created_at: typeof v.created_at === 'number' && Number.isFinite(v.created_at) ? v.created_at : 0,
    // A session stored before players had a day of their own: the server's answer replaces these at once.
    time_zone: typeof v.time_zone === 'string' ? v.time_zone : 'UTC',
    reset_hour:
      typeof v.reset_hour === 'number' &&
      Number.isInteger(v.reset_hour) &&
      v.reset_hour >= 0 &&
      v.reset_hour < 24
        ? v.reset_hour
        : 4,
    guild_id: typeof v.guild_id === 'string' ? v.guild_id : null,
  };
  for (const c of CURRENCIES) {
    const n = v[c];
    user[c] = typeof n === 'number' && Number.isFinite(n) ? n : 0;
  }
  return user;
}

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedUser: User | null = null;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The stored user, or null. An invalid stored value is discarded on read. */
export function getStoredUser(): User | null {
  const store = storage();
  const raw = store?.getItem(SESSION_KEY) ?? null;
  if (raw === cachedRaw) return cachedUser;
  cachedRaw = raw;
  cachedUser = parseStoredUser(raw);
  if (raw !== null && cachedUser === null) {
    store?.removeItem(SESSION_KEY);
    cachedRaw = null;
  }
  return cachedUser;
}

function emit(): void {
  for (const l of listeners) l();
}

/** Saves (or replaces) the signed-in user — after login, and after anything that changes currencies. */
export function saveUser(user: User): void {
  storage()?.setItem(SESSION_KEY, JSON.stringify(user));
  emit();
}

export function logout(): void {
  storage()?.removeItem(SESSION_KEY);
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent): void => {
    if (e.key === null || e.key === SESSION_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The signed-in user (or null), kept current. */
export function useSession(): User | null {
  return useSyncExternalStore(subscribe, getStoredUser, () => null);
}

/** The team last chosen by this user (hero ids), or [] — for the battle screen and the dungeon team picker. */
export function loadActiveTeam(userId: string): string[] {
  const raw = storage()?.getItem(activeTeamKey(userId));
  if (!raw) return [];
  try {
    const ids: unknown = JSON.parse(raw);
    return Array.isArray(ids)
      ? ids.filter((id): id is string => typeof id === 'string').slice(0, TEAM_MAX)
      : [];
  } catch {
    return [];
  }
}

/**
 * The team a page fields: the one picked on it, else the one last fought with, else (a new player's) `first` — kept
 * to the heroes the player owns, at most TEAM_MAX. A pick of none stays none.
 */
export function fieldedTeam(
  picked: readonly string[] | null,
  userId: string,
  owned: ReadonlySet<string>,
  first: readonly string[] = [],
): string[] {
  const mine = (ids: readonly string[]) => ids.filter((id) => owned.has(id)).slice(0, TEAM_MAX);
  if (picked) return mine(picked);
  const last = mine(loadActiveTeam(userId));
  return last.length > 0 ? last : mine(first);
}

export function saveActiveTeam(userId: string, heroIds: string[]): void {
  storage()?.setItem(activeTeamKey(userId), JSON.stringify(heroIds.slice(0, TEAM_MAX)));
}

/** The signed-in user inside protected routes (RequireUser guarantees one; it unmounts pages on logout). */
export function useSignedInUser(): User {
  const user = useSession();
  if (!user) throw new Error('useSignedInUser outside a protected route');
  return user;
}

/** A path of this app to come back to after signing in (`?next=`, set by a challenge's link), or null. */
export function nextPath(raw: string | null): string | null {
  return raw && raw.startsWith('/') && !raw.startsWith('//') && !raw.startsWith('/\\') ? raw : null;
}
