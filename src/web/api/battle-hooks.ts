// The battle screens' helpers over the API client (./client.ts): the polled turn-based state (every 3 s
// while active), the win/defeat classification of a fight result, the per-user arena memory, and the
// /combat address and its query values. The fights themselves are writes: ./writes/.
// Pages: pages/battle-view, combat, arena, dungeons.
import { useQuery } from '@tanstack/react-query';
import * as api from './client.ts';
import { queryKeys } from './hooks.ts';
import type { BattleResult, BattleState, LevelUp } from '../../api/index.ts';
import { TEAM_MAX } from '../../api/rules.ts';

export const BATTLE_POLL_MS = 3000;

/** A turn-based battle's state, polled every 3 s while it is active. A 404 is not retried. */
export function useBattleState(battleId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.battle(battleId ?? ''),
    queryFn: () => api.getBattle(battleId!),
    enabled: !!battleId,
    retry: (count, err) => !api.isNotFound(err) && count < 1,
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && data.kind === 'turn_based' && data.status === 'active' ? BATTLE_POLL_MS : false;
    },
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
}

export const isTurnBased = (b: api.FetchedBattle | undefined | null): b is BattleState =>
  !!b && b.kind === 'turn_based';

/** A fight result's classification: a win is status won or victory; anything else is a defeat. */
export const isWin = (status: string | null | undefined): boolean => status === 'won' || status === 'victory';

/** A fight result as the screens read it; every field may be missing when it came from elsewhere. */
export type FightResult = Partial<Omit<BattleResult, 'status' | 'level_ups'>> & {
  status: string;
  level_ups?: (Partial<Omit<LevelUp, 'new_level'>> & { new_level: number })[];
};

export const levelUpName = (l: { hero_name?: string; name?: string }): string =>
  l.hero_name ?? l.name ?? 'Hero';

// --- Arena memory (the last attacker and opponent, per user, in local storage) ------------------------------
export const arenaMemoryKey = (userId: string): string => `runeborn_arena_${userId}`;

export function loadArenaChoice(userId: string): { attackerId: string | null; opponentId: string | null } {
  try {
    const raw = window.localStorage.getItem(arenaMemoryKey(userId));
    const v: unknown = raw ? JSON.parse(raw) : null;
    if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      return {
        attackerId: typeof o.attackerId === 'string' ? o.attackerId : null,
        opponentId: typeof o.opponentId === 'string' ? o.opponentId : null,
      };
    }
  } catch {
    /* unreadable memory is forgotten */
  }
  return { attackerId: null, opponentId: null };
}

export function saveArenaChoice(userId: string, attackerId: string | null, opponentId: string | null): void {
  try {
    window.localStorage.setItem(arenaMemoryKey(userId), JSON.stringify({ attackerId, opponentId }));
  } catch {
    /* storage full or blocked: memory is a convenience */
  }
}

/** Reads a JSON list of hero ids from a query value ('["h_1","h_2"]'); also accepts 'h_1,h_2'. */
export function parseTeamHeroIds(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const v: unknown = JSON.parse(raw);
    if (Array.isArray(v))
      return v.filter((x): x is string => typeof x === 'string' && x !== '').slice(0, TEAM_MAX);
  } catch {
    /* not JSON: fall through to a comma list */
  }
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .slice(0, TEAM_MAX);
}

/** A returnTo query value, kept only when it is a path of this app (default /map). */
export function safeReturnTo(raw: string | null): string {
  return raw && raw.startsWith('/') && !raw.startsWith('//') && !raw.startsWith('/\\') ? raw : '/map';
}

/** The /combat address of a fight result, with its query parameters. */
export function combatUrl(p: {
  battleId: string;
  location: string;
  locationType: 'dungeon' | 'arena' | 'random' | 'campaign';
  returnTo: string;
  teamHeroIds?: string[];
  dungeonRunId?: string;
  dungeonId?: string;
  attackerId?: string;
  opponentId?: string;
}): string {
  const sp = new URLSearchParams();
  sp.set('battleId', p.battleId);
  sp.set('location', p.location);
  sp.set('locationType', p.locationType);
  if (p.dungeonRunId) sp.set('dungeonRunId', p.dungeonRunId);
  if (p.dungeonId) sp.set('dungeonId', p.dungeonId);
  if (p.attackerId) sp.set('attackerId', p.attackerId);
  if (p.opponentId) sp.set('opponentId', p.opponentId);
  if (p.teamHeroIds) sp.set('teamHeroIds', JSON.stringify(p.teamHeroIds));
  sp.set('returnTo', p.returnTo);
  return `/combat?${sp.toString()}`;
}
