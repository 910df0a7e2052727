// The writes: one TanStack useMutation per thing a player does (the API's POSTs and DELETEs), each refreshing what
// it changed in its own onSuccess, so a page controller calls `mutate` and reads `isPending`, `data` and `failure`
// (the text of its error). Every fight — quick battle, arena duel, dungeon entry and floor, campaign stage —
// names the chance its page shows (shownFight), and refreshes through afterFight, the one after-fight refresh; a turn-based battle's end does too, once its playback has
// shown the result (pages/battle-view/ctrl.ts). The writes that charge the player (summon, reroll, purchase, item
// use) are paying writes: one click is one intent with its own Idempotency-Key (usePaying). Reads: ./hooks.ts; the
// fetch calls: ./client.ts.
import { useRef, useState } from 'react';
import {
  useMutation,
  useQueryClient,
  type QueryClient,
  type QueryKey,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query';
import * as api from './client.ts';
import { queryKeys, refreshUser, showChangedOdds, shownOdds } from './hooks.ts';
import { saveUser } from '../session.ts';
import { givePasskey, makePasskey, PasskeyNotGiven } from './passkey-prompt.ts';
import type {
  DungeonRun,
  Hero,
  InventoryItem,
  OddsQuery,
  PasskeysResponse,
  PendingPair,
  ShopItem,
  User,
} from '../../api/index.ts';

/**
 * A write as pages use it: the mutation, and `failure`, the text its error shows (null while none; a fight refused
 * for a changed chance shows none: the new chance says it in place, shownFight).
 */
export type Write<TData, TVars> = UseMutationResult<TData, Error, TVars> & { failure: string | null };

function useWrite<TData, TVars = void>(
  options: UseMutationOptions<TData, Error, TVars>,
  failure: (err: Error, vars: TVars) => string,
): Write<TData, TVars> {
  const write = useMutation(options);
  const failed = write.error && !api.changedOdds(write.error);
  return { ...write, failure: failed ? failure(write.error!, write.variables as TVars) : null };
}

/** One intent of the player: what they asked for, and the Idempotency-Key every try of it sends. */
export interface Intent<T> {
  input: T;
  key: string;
}

/** A fresh random key (crypto.randomUUID needs a secure context; fall back to random bytes). */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A paying write as pages use it: `mutate(input)` starts an intent — unless one is still running. */
export type PayingWrite<TData, TVars> = Omit<Write<TData, Intent<TVars>>, 'mutate' | 'variables'> & {
  mutate: (
    input: TVars,
    callbacks?: { onSuccess?: (data: TData) => void; onError?: (err: Error) => void; onSettled?: () => void },
  ) => void;
  /** what the running (or last) intent asked for */
  variables: TVars | undefined;
  /** whether the request itself is out (`isPending` also holds the control a moment after a fast answer) */
  answering: boolean;
};

/** Tries of one intent whose answer was lost on the way (no server reached, a dropped connection). */
const LOST_ANSWER_TRIES = 3;
/**
 * The least time a paying control stays busy after its press, however fast the answer: the usual double-click
 * interval, so the second tap of a double tap lands on a busy control rather than starting a second purchase.
 */
export const DOUBLE_PRESS_MS = 500;

/**
 * A write that charges the player. One click is one intent: it gets a fresh Idempotency-Key, and the control is
 * busy (`isPending`) from the click itself until the answer — and at least DOUBLE_PRESS_MS — so a second click or tap
 * meanwhile is the same press and is dropped (also one that lands before React has drawn the busy control). A try
 * whose answer was lost is sent again with the same key (the server answers what it did the first time), so an intent
 * is charged at most once. `answering` is whether the request itself is still out.
 */
function usePaying<TData, TVars>(
  options: UseMutationOptions<TData, Error, Intent<TVars>>,
  failure: (err: Error, vars: TVars) => string,
): PayingWrite<TData, TVars> {
  const running = useRef(false);
  const pressedAt = useRef(0);
  /** the intent under way, from the click that started it (TanStack's own state follows a moment later) */
  const [current, setCurrent] = useState<{ input: TVars } | null>(null);
  const release = () => {
    const done = () => {
      running.current = false;
      setCurrent(null);
    };
    const left = pressedAt.current + DOUBLE_PRESS_MS - performance.now();
    if (left > 0) setTimeout(done, left);
    else done();
  };
  const write = useWrite<TData, Intent<TVars>>(
    {
      ...options,
      retry: (count, err) => api.isUnanswered(err) && count < LOST_ANSWER_TRIES - 1,
      onSettled: (...args) => {
        release();
        return options.onSettled?.(...args);
      },
    },
    (err, intent) => failure(err, intent.input),
  );
  return {
    ...write,
    isPending: write.isPending || current !== null,
    answering: write.isPending,
    variables: current ? current.input : write.variables?.input,
    mutate: (input, callbacks) => {
      if (running.current) return;
      running.current = true;
      pressedAt.current = performance.now();
      setCurrent({ input });
      write.mutate(
        { input, key: newKey() },
        {
          onSuccess: (data) => callbacks?.onSuccess?.(data),
          onError: (err) => callbacks?.onError?.(err),
          onSettled: () => callbacks?.onSettled?.(),
        },
      );
    },
  };
}

/** The server's text, else the place's fallback text (api/client.ts errorText), as a write's failure. */
const failing =
  (fallback: string) =>
  (err: Error): string =>
    api.errorText(err, fallback);

/**
 * A page's one error line: a refusal the page makes itself before asking (the page's own checks: `refuse`) or the text
 * of its latest failed write. `clear` — on dismissing, or when the player acts again — drops both.
 */
export function useErrorLine(
  writes: readonly { failure: string | null; submittedAt: number; reset: () => void }[],
) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const failed = writes.filter((w) => w.failure !== null).sort((a, b) => b.submittedAt - a.submittedAt)[0];
  const clear = () => {
    setRefusal(null);
    for (const w of writes) if (w.failure !== null) w.reset();
  };
  return {
    text: refusal ?? failed?.failure ?? null,
    refuse: (text: string) => {
      clear();
      setRefusal(text);
    },
    clear,
  };
}
export type ErrorLine = ReturnType<typeof useErrorLine>;

// --- Before and after a fight --------------------------------------------------------------------------------

/**
 * A fight sent with the key of the chance its page shows — the cached answer of the fight's odds read (`query`, as
 * the page reads it), none if nothing is shown. One that changed since (another device fought, a hero levelled) is
 * refused with the new chance and fights nothing: that chance is shown in place of the old one with what the refusal
 * says (WinChance), so the next tap fights at the chance on screen. Also shown under `alsoFor` (the same fight read
 * another way: a new run's first floor by its run).
 */
async function shownFight<T>(
  client: QueryClient,
  query: OddsQuery,
  fight: (oddsKey: string | undefined) => Promise<T>,
  alsoFor: () => OddsQuery | null = () => null,
): Promise<T> {
  try {
    return await fight(shownOdds(client, query)?.key);
  } catch (err) {
    const now = api.changedOdds(err);
    if (now) {
      showChangedOdds(client, query, now);
      const other = alsoFor();
      if (other) showChangedOdds(client, other, now);
    }
    throw err;
  }
}

/**
 * Every odds read forgotten, not merely marked old: a fight changes what the next one is (its heroes' xp and levels,
 * the random encounter, the run's floor, the repeat-win rule), so no number read before it may show after it — the
 * pages show 'computing…' until the read for the fight as it now is answers.
 */
export function forgetOdds(client: QueryClient): void {
  void client.resetQueries({ queryKey: ['odds'] });
}

/**
 * The one refresh after any fight (quick battle, arena, dungeon floor, a turn-based battle's end): the player's
 * balances from the answer and then the server, the fight's run remembered as it now is (so no older read is shown
 * after it), every odds read forgotten, and every cached list the fight may have changed dropped — the player's fair
 * matches too, so the server answers the set again with each chance as it now is (one no longer fair replaced).
 */
export function afterFight(
  client: QueryClient,
  userId: string,
  answer: { user?: User | null; run?: DungeonRun } = {},
): void {
  if (answer.run) client.setQueryData(queryKeys.run(answer.run.id), answer.run);
  void refreshUser(userId, answer.user ?? null);
  forgetOdds(client);
  void client.invalidateQueries({
    predicate: (query) => {
      const key = query.queryKey[0];
      return (
        key === 'heroes' ||
        key === 'hero' ||
        key === 'dungeon-run' ||
        key === 'battle-history' ||
        (key === 'ledger' && query.queryKey[1] === userId) ||
        key === 'leaderboard' ||
        key === 'browse' ||
        key === 'npcs' ||
        (key === 'inventory' && query.queryKey[1] === userId) ||
        (key === 'fair-matches' && query.queryKey[1] === userId)
      );
    },
  });
}

// --- Accounts ------------------------------------------------------------------------------------------------

/** The browser's IANA zone, if it says one. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** The zone and hour the player's day resets at (from the next reset): the user and the day read anew. */
export function useDayRule(userId: string) {
  const client = useQueryClient();
  return useWrite(
    {
      mutationFn: (change: { time_zone?: string; reset_hour?: number }) => api.updateDayRule(userId, change),
      onSuccess: (user) => {
        saveUser(user);
        void client.invalidateQueries({ queryKey: queryKeys.daily(userId) });
      },
    },
    failing('Failed to save your day'),
  );
}

/**
 * Claim on the daily screen — a paying write like a purchase (one press, one Idempotency-Key; a lost answer asked
 * again under it is answered, not refused as already claimed): the day as the answer left it, the new balances, the
 * ledger read anew.
 */
export function useClaimDaily(userId: string) {
  const client = useQueryClient();
  return usePaying(
    {
      mutationFn: ({ input: claim, key }: Intent<string>) => api.claimDaily(userId, claim, key),
      onSuccess: (res) => {
        client.setQueryData(queryKeys.daily(userId), res.daily);
        void refreshUser(userId, res.user);
        void client.invalidateQueries({ queryKey: ['ledger', userId] });
      },
      // A refused claim (already paid elsewhere, the day turned over): show the day as it is now.
      onError: () => void client.invalidateQueries({ queryKey: queryKeys.daily(userId) }),
    },
    failing('Failed to claim the reward'),
  );
}

/** Claim idle income (a paying write: one press, one Idempotency-Key): the campaign, balances and heroes anew. */
export function useClaimIdle(userId: string) {
  const client = useQueryClient();
  return usePaying(
    {
      mutationFn: ({ key }: Intent<null>) => api.claimIdle(userId, key),
      onSuccess: (res) => {
        void refreshUser(userId, res.user);
        void client.invalidateQueries({ queryKey: queryKeys.campaign(userId) });
        void client.invalidateQueries({ queryKey: ['ledger', userId] });
        void client.invalidateQueries({ queryKey: queryKeys.myHeroes(userId) });
      },
      onError: () => void client.invalidateQueries({ queryKey: queryKeys.campaign(userId) }),
    },
    failing('Failed to claim idle income'),
  );
}

/** A campaign stage fought (turn by turn or at once): as a team battle's start, then the campaign read anew. */
export function useFightStage(userId: string) {
  const client = useQueryClient();
  return useWrite(
    {
      mutationFn: ({
        stageId,
        team,
        mode,
      }: {
        stageId: string;
        team: string[];
        mode: 'turn_based' | 'auto';
      }) =>
        shownFight(
          client,
          { user_id: userId, kind: 'campaign', stage_id: stageId, team: team.join(',') },
          (oddsKey) => api.fightStage(userId, stageId, team, mode, oddsKey),
        ),
      onSuccess: (battle) => {
        void client.invalidateQueries({ queryKey: queryKeys.campaign(userId) });
        if (battle.kind !== 'turn_based') return afterFight(client, userId, battle);
        forgetOdds(client);
        client.setQueryData(queryKeys.battle(battle.battle_id), battle);
        void client.invalidateQueries({ queryKey: queryKeys.activeBattle(userId) });
      },
    },
    (err) => api.errorText(err, 'Failed to start the fight'),
  );
}

/** Continue on the landing page: the chosen account read afresh and signed in. */
/**
 * Continue on the landing page: the account, signed in. A locked one asks for its passkey first — unless this
 * browser already holds a session of it — and the passkey's sign-in starts that session.
 */
export function useSignIn() {
  return useWrite(
    {
      mutationFn: async ({ userId, locked }: { userId: string; locked: boolean }) => {
        if (locked && (await api.getSession()).user_id !== userId) {
          const ceremony = await api.signInOptions(userId);
          await api.signInWithPasskey(userId, ceremony.challenge_id, await givePasskey(ceremony));
        }
        return api.getUser(userId);
      },
      onSuccess: (user) => saveUser(user),
    },
    passkeyFailing('Failed to load user'),
  );
}

/** A failure's text where a passkey may have been asked for: the prompt's own words, else the server's. */
const passkeyFailing =
  (fallback: string) =>
  (err: Error): string =>
    err instanceof PasskeyNotGiven ? err.message : api.errorText(err, fallback);

/** The profile's passkey actions: lock (the first passkey), add, remove, unlock, sign out everywhere. */
export function usePasskeys(userId: string) {
  const client = useQueryClient();
  const settle = (list: PasskeysResponse) => {
    client.setQueryData(queryKeys.passkeys(userId), list);
    void client.invalidateQueries({ queryKey: ['users'] });
  };
  const add = useWrite(
    {
      mutationFn: async (name: string | undefined) => {
        const ceremony = await api.passkeyOptions(userId);
        return api.addPasskey(userId, ceremony.challenge_id, await makePasskey(ceremony), name);
      },
      onSuccess: settle,
    },
    passkeyFailing('Failed to add the passkey'),
  );
  const remove = useWrite(
    { mutationFn: (passkeyId: string) => api.removePasskey(userId, passkeyId), onSuccess: settle },
    failing('Failed to remove the passkey'),
  );
  const unlock = useWrite(
    { mutationFn: () => api.unlockAccount(userId), onSuccess: settle },
    failing('Failed to unlock the account'),
  );
  const everywhere = useWrite(
    { mutationFn: () => api.signOutEverywhere(userId) },
    failing('Failed to sign out everywhere'),
  );
  return { add, remove, unlock, everywhere, errors: useErrorLine([add, remove, unlock, everywhere]) };
}

/** Create Account: the new account, signed in. */
export function useCreateAccount() {
  const client = useQueryClient();
  return useWrite(
    {
      mutationFn: async (username: string) => {
        // The player's day starts in the browser's zone; one the server does not know is left to the default.
        const zone = browserTimeZone();
        try {
          return await api.createUser(username, zone);
        } catch (err) {
          if (zone && err instanceof api.ApiError && err.serverText?.includes('"time_zone"'))
            return api.createUser(username);
          throw err;
        }
      },
      onSuccess: (user) => {
        saveUser(user);
        void client.invalidateQueries({ queryKey: ['users'] });
      },
    },
    failing('Failed to create account'),
  );
}

// --- Summoning -----------------------------------------------------------------------------------------------

/**
 * Generate Heroes / Regenerate: one intent, two parallel generate calls sharing a generation_id (the intent's key;
 * each call has its own key of it). The server answers the pending pair free when one waits, or pays one scroll for a
 * new pair — Regenerate names the pair it `replaces` — and either way the answer is the pair, which becomes the
 * player's pending pair here too; after a failure whatever the server kept of a paid pair is read back.
 */
export function useSummon(userId: string) {
  const client = useQueryClient();
  return usePaying(
    {
      mutationFn: async ({ input: replaces, key }: Intent<string | null>) => {
        const calls = await Promise.all(
          [1, 2].map((n) => api.generateHero(userId, key, `${key}:${n}`, replaces)),
        );
        const answer = calls.find((c) => c.charged) ?? calls[0];
        return { generationId: answer.generation_id!, pair: answer.candidates, charged: answer.charged };
      },
      onSuccess: ({ generationId, pair }) =>
        client.setQueryData<PendingPair>(queryKeys.pending(userId), {
          generation_id: generationId,
          candidates: pair,
          expires_at: null,
        }),
      onError: () => void client.invalidateQueries({ queryKey: queryKeys.pending(userId) }),
      onSettled: () => {
        void refreshUser(userId);
        // A paid pair moved the pity counters and joined the history.
        void client.invalidateQueries({ queryKey: queryKeys.altar(userId) });
      },
    },
    // Generation errors are shown as the message received.
    (err) => api.errorText(err, err instanceof Error ? err.message : 'Failed to create hero'),
  );
}

/** Create Hero: the chosen candidate kept; the pending pair is gone and the hero list re-read. */
export function useKeepHero(userId: string) {
  const client = useQueryClient();
  return useWrite(
    {
      mutationFn: (candidate: Hero) => api.createHero(userId, candidate),
      onSuccess: async () => {
        client.setQueryData<PendingPair>(queryKeys.pending(userId), {
          generation_id: null,
          candidates: [],
          expires_at: null,
        });
        await client.invalidateQueries({ queryKey: queryKeys.myHeroes(userId) });
        void client.invalidateQueries({ queryKey: queryKeys.altar(userId) });
        void refreshUser(userId);
      },
    },
    failing('Failed to create hero'),
  );
}

// --- A hero --------------------------------------------------------------------------------------------------

/** Reroll Abilities: the hero as rerolled, shown at once; the essence paid re-read. */
export function useReroll(userId: string) {
  const client = useQueryClient();
  return usePaying(
    {
      mutationFn: ({ input: heroId, key }: Intent<string>) => api.rerollAbilities(heroId, userId, key),
      onSuccess: async ({ user, ...rerolled }, { input: heroId }) => {
        client.setQueryData(queryKeys.hero(heroId), rerolled);
        void client.invalidateQueries({ queryKey: queryKeys.myHeroes(userId) });
        await refreshUser(userId, user);
      },
    },
    failing('Failed to reroll abilities'),
  );
}

/** Train: the hero as trained, shown at once; the gold paid re-read. */
export function useTrain(userId: string) {
  const client = useQueryClient();
  return usePaying(
    {
      mutationFn: ({ input: heroId, key }: Intent<string>) => api.trainHero(heroId, userId, key),
      onSuccess: async ({ user, cost: _cost, ...trained }, { input: heroId }) => {
        client.setQueryData(queryKeys.hero(heroId), trained);
        void client.invalidateQueries({ queryKey: queryKeys.myHeroes(userId) });
        await refreshUser(userId, user);
      },
    },
    failing('Failed to train the hero'),
  );
}

/** Delete: the hero forgotten and the player's list re-read before the page leaves. */
export function useDeleteHero(userId: string) {
  const client = useQueryClient();
  return useWrite(
    {
      mutationFn: (heroId: string) => api.deleteHero(heroId, userId),
      onSuccess: async (_, heroId) => {
        await client.cancelQueries({ queryKey: queryKeys.hero(heroId) });
        dropWhenUnread(client, queryKeys.hero(heroId));
        await client.invalidateQueries({ queryKey: queryKeys.myHeroes(userId) });
      },
    },
    failing('Failed to delete hero'),
  );
}

/**
 * Drops a query from the cache once nothing on screen reads it. Dropped while a page still shows it (the deleted
 * hero's page, until the navigation away has rendered), the page reads it again at its next render: a request
 * for what is gone, and its 404.
 */
function dropWhenUnread(client: QueryClient, queryKey: QueryKey): void {
  const cache = client.getQueryCache();
  const query = cache.find({ queryKey, exact: true });
  if (!query) return;
  if (query.getObserversCount() === 0) return cache.remove(query);
  const unsubscribe = cache.subscribe((event) => {
    if (event.query !== query || event.type !== 'observerRemoved' || query.getObserversCount() > 0) return;
    unsubscribe();
    cache.remove(query);
  });
}

// --- Shop and inventory --------------------------------------------------------------------------------------

/** Buy: one item; gold from remaining_gold at once, then the user re-read and the inventory dropped. */
export function usePurchase(user: User) {
  const client = useQueryClient();
  return usePaying(
    {
      mutationFn: ({ input: item, key }: Intent<ShopItem>) => api.purchaseItem(user.id, item.id, key),
      onSuccess: (res) => {
        saveUser({ ...(res.user ?? user), gold: res.remaining_gold });
        void client.invalidateQueries({ queryKey: queryKeys.inventory(user.id) });
        void refreshUser(user.id);
      },
    },
    failing('Purchase failed'),
  );
}

/** Use Item (on a hero when the item acts on one): done once the inventory, the heroes and the user are re-read. */
export function useItemUse(userId: string) {
  const client = useQueryClient();
  return usePaying(
    {
      mutationFn: ({
        input: { item, heroId },
        key,
      }: Intent<{ item: InventoryItem; heroId: string | null }>) =>
        api.applyItem(userId, item.item_id, key, item.targets_hero ? (heroId ?? undefined) : undefined),
      onSuccess: async (res) => {
        await Promise.all([
          client.invalidateQueries({ queryKey: queryKeys.inventory(userId) }),
          client.invalidateQueries({ queryKey: queryKeys.myHeroes(userId) }),
          res.hero ? client.invalidateQueries({ queryKey: queryKeys.hero(res.hero.id) }) : undefined,
          refreshUser(userId, res.user),
        ]);
      },
    },
    failing('Failed to use item'),
  );
}

// --- Fights --------------------------------------------------------------------------------------------------

/**
 * Fight (turn-based: the battle opens on /battle/{id}) or Quick Battle (resolved at once: a fight). Either way the
 * encounter was fought, so the server has drawn the next one.
 */
export function useStartBattle(userId: string) {
  const client = useQueryClient();
  return useWrite(
    {
      mutationFn: ({ team, mode }: { team: string[]; mode: 'turn_based' | 'auto' }) =>
        shownFight(client, { user_id: userId, kind: 'random', team: team.join(',') }, (oddsKey) =>
          api.createBattle(userId, team, mode, oddsKey),
        ),
      onSuccess: (battle) => {
        if (battle.kind !== 'turn_based') return afterFight(client, userId, battle);
        forgetOdds(client);
        client.setQueryData(queryKeys.battle(battle.battle_id), battle);
        void client.invalidateQueries({ queryKey: queryKeys.activeBattle(userId) });
      },
    },
    (err, { mode }) =>
      api.errorText(err, mode === 'auto' ? 'Failed to start battle' : 'Failed to create battle'),
  );
}

/**
 * An action in a turn-based battle (an option, or Auto on/off; `key` names the control that sent it). Its answer
 * replaces the state; a poll that began before it would bring back the older state, so polls in flight are
 * dropped. After a refusal the battle is read again: it may have moved on (another tab, a poll in flight).
 */
export function useBattleAction(userId: string, battleId: string) {
  const client = useQueryClient();
  const key = queryKeys.battle(battleId);
  return useWrite(
    {
      mutationFn: async ({
        action,
      }: {
        action: { option_id?: string; target_id?: string; auto?: boolean };
        key: string;
      }) => {
        await client.cancelQueries({ queryKey: key });
        const next = await api.submitBattleAction(battleId, action, userId);
        await client.cancelQueries({ queryKey: key });
        client.setQueryData(key, next);
        return next;
      },
      onError: () => void client.refetchQueries({ queryKey: key, exact: true }),
    },
    failing('Failed to submit action'),
  );
}

/** Arena Fight! (and /combat's Fight Again of a duel). */
export function useArenaFight(userId: string) {
  const client = useQueryClient();
  return useWrite(
    {
      mutationFn: ({ attackerId, opponentId }: { attackerId: string; opponentId: string }) =>
        shownFight(
          client,
          { user_id: userId, kind: 'arena', hero_id: attackerId, opponent_id: opponentId },
          (oddsKey) => api.arenaBattle(userId, attackerId, opponentId, oddsKey),
        ),
      onSuccess: (res) => afterFight(client, userId, res),
    },
    failing('Failed to start arena battle'),
  );
}

/** A dungeon step's failure already carries its text (which step failed: starting the run or its battle). */
const stepFailure = (fallback: string) => (err: Error) => err.message || fallback;

/**
 * Dungeon entry, from the list, the detail page and /combat alike: start a run of the dungeon (abandoning
 * any active one), then fight its first floor.
 */
export function useEnterDungeon(userId: string) {
  const client = useQueryClient();
  return useWrite(
    {
      mutationFn: async ({ dungeonId, team, tier }: { dungeonId: string; team: string[]; tier: number }) => {
        let runId: string;
        try {
          runId = (await api.startDungeon(dungeonId, userId, team, tier)).id;
        } catch (err) {
          throw new Error(api.errorText(err, 'Failed to start dungeon'));
        }
        try {
          // Floor 1 of the run is the fight the picker showed (the same key), and now also its run's next floor.
          return await shownFight(
            client,
            { user_id: userId, kind: 'dungeon', dungeon_id: dungeonId, team: team.join(','), tier },
            (oddsKey) => api.fightDungeonRun(runId, userId, 1, oddsKey),
            () => ({ user_id: userId, kind: 'dungeon', run_id: runId }),
          );
        } catch (err) {
          if (api.changedOdds(err)) throw err;
          throw new Error(api.errorText(err, 'Failed to start dungeon battle'));
        }
      },
      onSuccess: (res) => afterFight(client, userId, res),
      // A run started whose first floor was not fought (its chance changed): the pages show it under way.
      onError: (err) => {
        if (api.changedOdds(err)) void client.invalidateQueries({ queryKey: queryKeys.activeRun(userId) });
      },
    },
    stepFailure('Failed to start dungeon'),
  );
}

/**
 * A run's next floor, named. A 409 means the run moved on elsewhere (another tab fought the floor, a double tap, a
 * new run ended it): its text comes back as `movedOn` and the run and the active run are read again.
 */
/**
 * A run's next floor fought turn by turn (the boss, as the dungeon pages offer it): the battle opens on
 * /battle/{id}, its state already in the cache. A floor fought meanwhile elsewhere is a notice (`movedOn`), as for
 * useFightFloor. Like any new turn-based battle it ends the player's other one.
 */
export function useFloorTurnByTurn(userId: string) {
  const client = useQueryClient();
  return useWrite(
    {
      mutationFn: async (
        run: DungeonRun,
      ): Promise<{ battle: api.StartedFloorBattle; movedOn?: undefined } | { movedOn: string }> => {
        try {
          const battle = await shownFight(
            client,
            { user_id: userId, kind: 'dungeon', run_id: run.id },
            (oddsKey) => api.fightFloorTurnByTurn(run.id, userId, run.floor, oddsKey),
          );
          return { battle };
        } catch (err) {
          if (api.changedOdds(err)) throw err;
          if (err instanceof api.ApiError && err.status === 409)
            return { movedOn: api.errorText(err, 'This floor has already been fought') };
          throw new Error(api.errorText(err, 'Failed to start dungeon battle'));
        }
      },
      onSuccess: async (next, run) => {
        if (next.movedOn === undefined) {
          client.setQueryData(queryKeys.battle(next.battle.battle_id), next.battle);
          void client.invalidateQueries({ queryKey: queryKeys.activeBattle(userId) });
          return;
        }
        await Promise.all([
          client.invalidateQueries({ queryKey: queryKeys.run(run.id) }),
          client.invalidateQueries({ queryKey: queryKeys.activeRun(userId) }),
        ]);
      },
    },
    stepFailure('Failed to start dungeon battle'),
  );
}

export function useFightFloor(userId: string) {
  const client = useQueryClient();
  return useWrite(
    {
      mutationFn: async (
        run: DungeonRun,
      ): Promise<{ result: api.RunBattleResult; movedOn?: undefined } | { movedOn: string }> => {
        try {
          const result = await shownFight(
            client,
            { user_id: userId, kind: 'dungeon', run_id: run.id },
            (oddsKey) => api.fightDungeonRun(run.id, userId, run.floor, oddsKey),
          );
          return { result };
        } catch (err) {
          if (api.changedOdds(err)) throw err;
          if (err instanceof api.ApiError && err.status === 409)
            return { movedOn: api.errorText(err, 'This floor has already been fought') };
          throw new Error(api.errorText(err, 'Failed to start dungeon battle'));
        }
      },
      onSuccess: async (next, run) => {
        if (next.movedOn === undefined) return afterFight(client, userId, next.result);
        // The run is elsewhere now: the next floor's odds read before are another floor's.
        forgetOdds(client);
        await Promise.all([
          client.invalidateQueries({ queryKey: queryKeys.run(run.id) }),
          client.invalidateQueries({ queryKey: queryKeys.activeRun(userId) }),
        ]);
      },
    },
    stepFailure('Failed to start dungeon battle'),
  );
}

// --- Ascension and gear ---------------------------------------------------------------------------------------

/** After a hero changed by ascension or gear: its page, the player's list, inventory and ascension read again. */
function heroMoved(client: QueryClient, userId: string, hero: Hero) {
  client.setQueryData(queryKeys.hero(hero.id), hero);
  void client.invalidateQueries({ queryKey: queryKeys.myHeroes(userId) });
  void client.invalidateQueries({ queryKey: queryKeys.inventory(userId) });
  void client.invalidateQueries({ queryKey: ['ascension'] });
}

/** Ascend: one star, paid with the chosen heroes and (when asked) Star Shards, and essence. */
export function useAscend(userId: string) {
  const client = useQueryClient();
  return usePaying(
    {
      mutationFn: ({
        input,
        key,
      }: Intent<{ heroId: string; spend_hero_ids: string[]; use_shards: boolean }>) =>
        api.ascendHero(
          input.heroId,
          userId,
          { spend_hero_ids: input.spend_hero_ids, use_shards: input.use_shards },
          key,
        ),
      onSuccess: async (res) => {
        heroMoved(client, userId, res.hero);
        for (const id of res.spent_hero_ids) dropWhenUnread(client, queryKeys.hero(id));
        await refreshUser(userId, res.user);
      },
    },
    failing('Failed to ascend'),
  );
}

/** Star Shards fused into a summoning scroll (Use Item on the shards): the inventory, ascension views and user re-read. */
export function useFuseShards(userId: string) {
  const client = useQueryClient();
  return usePaying(
    {
      mutationFn: ({ key }: Intent<null>) => api.applyItem(userId, 'star_shard', key),
      onSuccess: async (res) => {
        await Promise.all([
          client.invalidateQueries({ queryKey: queryKeys.inventory(userId) }),
          client.invalidateQueries({ queryKey: ['ascension'] }),
          refreshUser(userId, res.user),
        ]);
      },
    },
    failing('Failed to fuse Star Shards'),
  );
}

/** Reset: back to the summoned rarity, every star refunded. */
export function useResetAscension(userId: string) {
  const client = useQueryClient();
  return usePaying(
    {
      mutationFn: ({ input: heroId, key }: Intent<string>) => api.resetAscension(heroId, userId, key),
      onSuccess: async (res) => {
        heroMoved(client, userId, res.hero);
        await refreshUser(userId, res.user);
      },
    },
    failing('Failed to reset'),
  );
}

/** Put on a piece from the inventory, or take off what a slot holds. */
export function useGear(userId: string) {
  const client = useQueryClient();
  return useWrite(
    {
      mutationFn: (
        change: { heroId: string; put: string } | { heroId: string; off: api.GearSlot },
      ): Promise<api.GearChange> =>
        'put' in change
          ? api.equipGear(change.heroId, userId, change.put)
          : api.unequipGear(change.heroId, userId, change.off),
      onSuccess: (res) => heroMoved(client, userId, res.hero),
    },
    failing('Failed to change gear'),
  );
}
