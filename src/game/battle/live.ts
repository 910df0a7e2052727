// A live match: two players, each choosing for their own heroes, both at once (as in Pokémon Showdown), on the rules
// core every other battle plays. The core's turns come unit by unit in time order (each unit's next action
// TURN_TIME / speed after its last), and a live turn keeps that order exactly: it is the stretch of the order from
// where the last turn stopped to the first unit that would act a second time. Before a turn, the stretch is
// foreseen — played on a copy with the AI for everyone — and the heroes that act in it (not those that lose it to a
// stun) are the ones each side chooses for. The turn is then played with the choices: each hero does what its player
// chose (an action it can no longer take becomes a basic attack, a fallen target another: the core's own rule), and
// the turn stops before any unit acts twice, or before a unit comes whose turn the foreseen turn did not hold (the
// players' choices can change who acts, as a stun does): it chooses next turn. A unit the foreseen turn held without
// a choice (stunned, or falling at its start) that acts after all acts as the AI would. So a match is the same
// battle the odds simulate, with people choosing where the AI would; its record is the seed, the teams and each
// turn's choices.
//
// Every function is pure: it restores a core from the state it is given and returns a new state (./turn-based.ts).
import type { BattleEvent, BattleOption, Hero } from '../types.ts';
import * as compiled from './compile.ts';
import * as rules from './core.ts';
import type { BattleCore } from './core.ts';
import { choiceAct, choiceTarget, decide } from './ai.ts';
import { PICK_NONE, perform, pickOf, valueOf } from './actions.ts';
import { STATUS_OF_OUTCOME, storeCore } from './stored-state.ts';
import {
  EventLog,
  NOT_A_TARGET,
  listOptions,
  openBattle,
  restore,
  targetsOf,
  type BattleState,
} from './turn-based.ts';

const { ACTION_DEFS, SIDE } = compiled;
const { ACT_COUNT, ONGOING, actionOf, canAct, endTurn, nextActor, startTurn, unitStat } = rules;

/** One hero's action for a live turn, as a player sends it: an ability it has ('attack', 'defend', 'focus' too). */
export interface LiveAction {
  hero_id: string;
  ability_id: string;
  /** one enemy or one ally, for an action aimed at one; the AI's pick when left out */
  target_id?: string;
}

/** A live match: a turn-based battle whose two sides both choose (side 0 is `n_allies` units long). */
export interface LiveState extends BattleState {
  live: {
    /** the turn both sides choose for now, from 1; once the match is over, the last one played */
    turn: number;
    /** for each side, the heroes that act this turn, in the order they act: each needs its player's choice */
    acting: [string[], string[]];
    /** every unit whose turn this turn holds, in order (those that lose it to a stun too): the turn stops at any other */
    stretch: string[];
    /**
     * Where each turn's events end in `events` (each begins where the one before ended), from turn 0 — the opening,
     * each unit's start — then each turn played, in order: version k of the match is `played[k]`.
     */
    played: { turn: number; end: number }[];
  };
}

/** How far turns are played on when no one needs to choose in them (every unit that acts stunned) before giving up. */
const EMPTY_TURNS = 64;

/** Unit index → the action it was chosen (act, target) for this turn. */
type Plan = Map<number, { act: number; target: number }>;

/**
 * Plays one live turn on `c`: from the head of the turn order until a unit would act a second time or — with
 * `holds`, the turn as foreseen — a unit comes whose turn it did not hold. Each unit does what `plan` says; one the
 * plan has nothing for (foreseen to lose its turn to a stun, or to fall at its start, yet acting after all) acts as
 * the AI would. Answers the units whose turns came, in order, and those that acted.
 */
function playTurn(
  c: BattleCore,
  plan: Plan,
  holds: ReadonlySet<number> | null,
): { came: number[]; acted: number[] } {
  const came: number[] = [];
  const acted: number[] = [];
  while (c.over === ONGOING) {
    const a = nextActor(c);
    if (a >= 0 && (came.includes(a) || (holds !== null && !holds.has(a)))) break;
    if (a >= 0) came.push(a);
    const r = startTurn(c); // (with no unit standing, it ends the battle in a draw)
    if (r < 0) continue; // lost its turn, or fell at its start
    const p = plan.get(r);
    if (p) perform(c, r, p.act, p.target);
    else {
      const d = decide(c, r, c.tier[unitStat(r, SIDE)]);
      perform(c, r, choiceAct(d), choiceTarget(d));
    }
    acted.push(r);
    endTurn(c, r);
  }
  return { came, acted };
}

/**
 * The coming turn, foreseen — played on a copy, the AI choosing for all: the units whose turns it holds (`stretch`,
 * in order) and, of each side, the heroes that act in it (`acting`: each needs its player's choice).
 */
function foresee(state: BattleState): { stretch: string[]; acting: [string[], string[]] } {
  const c = restore(state);
  c.log = null;
  const { came, acted } = playTurn(c, new Map(), null);
  const acting: [string[], string[]] = [[], []];
  for (const i of acted) acting[i < state.n_allies ? 0 : 1].push(state.units[i].id);
  return { stretch: came.map((i) => state.units[i].id), acting };
}

const indices = (state: BattleState, ids: readonly string[]) =>
  new Set(ids.map((id) => state.units.findIndex((u) => u.id === id)));

/**
 * Plays on from `c` (the state `state` was stored from) past turns no one chooses in, and answers the state with the
 * next turn foreseen, `turn` its number.
 */
function nextTurn(c: BattleCore, state: BattleState, turn: number): LiveState {
  let s: BattleState = { ...state, core: storeCore(c), status: STATUS_OF_OUTCOME[c.over] };
  let next = { stretch: [] as string[], acting: [[], []] as [string[], string[]] };
  for (let k = 0; k < EMPTY_TURNS && s.status === 'active'; k++) {
    next = foresee(s);
    if (next.acting[0].length + next.acting[1].length > 0) break;
    // The foresight loaded its copy in c's place (one battle is in play at a time): c is loaded again, its log kept.
    const log = c.log;
    c = restore(s);
    if (log instanceof EventLog) log.follow(c);
    playTurn(c, new Map(), indices(s, next.stretch)); // only units that lose their turn: nothing to choose
    s = { ...s, core: storeCore(c), status: STATUS_OF_OUTCOME[c.over] };
  }
  const played = (state as Partial<LiveState>).live?.played ?? [{ turn: 0, end: s.events.length }];
  const active = s.status === 'active';
  return {
    ...s,
    live: {
      turn,
      acting: active ? next.acting : [[], []],
      stretch: active ? next.stretch : [],
      played,
    },
  };
}

/** A live match between `a` (side 0) and `b` (side 1), set up and ready for its first turn's choices. */
export function startLive(
  seed: number,
  a: Hero[],
  b: Hero[],
  o: { matchId: string; turnLimit?: number },
): { state: LiveState; events: BattleEvent[] } {
  const opened = openBattle(seed, a, b, { battleId: o.matchId, turnLimit: o.turnLimit });
  const state = nextTurn(opened.c, opened.state, 1);
  return { state: { ...state, events: [...opened.events] }, events: [...opened.events] };
}

/** The side a hero of the match fights on (0 or 1), or -1 when it is not in it. */
export function sideOf(state: BattleState, heroId: string): number {
  const i = state.units.findIndex((u) => u.id === heroId);
  return i < 0 ? -1 : i < state.n_allies ? 0 : 1;
}

/**
 * The options of each hero of `side` acting this turn, as a turn-based battle offers them (the AI's aim preselected),
 * as the player is told them: without the engine's own act and target indices.
 */
export function liveOptions(state: LiveState, side: number): { hero_id: string; options: BattleOption[] }[] {
  const c = restore(state);
  return state.live.acting[side].map((id) => ({
    hero_id: id,
    options: listOptions(
      c,
      state.units,
      state.units.findIndex((u) => u.id === id),
    ).map(({ act: _act, target: _target, ...told }) => told),
  }));
}

/** The act by which unit i takes the action named `abilityId` now, or -1 when it has none it may take. */
function actNamed(c: BattleCore, i: number, abilityId: string): number {
  for (let act = 0; act < ACT_COUNT; act++) {
    const idx = actionOf(c, i, act);
    if (idx >= 0 && ACTION_DEFS[idx].id === abilityId && canAct(c, i, act)) return act;
  }
  return -1;
}

/**
 * Checks `side`'s choices for this turn against the match as it stands: one for each of its heroes acting this
 * turn and for no other, each an action the hero may take now, aimed where it may be. Answers the plan, or why not.
 */
function planOf(
  c: BattleCore,
  state: LiveState,
  side: number,
  actions: readonly LiveAction[],
): { ok: true; plan: Plan } | { ok: false; error: string } {
  if (state.status !== 'active') return { ok: false, error: 'The match is over.' };
  const acting = state.live.acting[side];
  const name = (id: string) => state.units.find((u) => u.id === id)?.name ?? id;
  const plan: Plan = new Map();
  for (const x of actions) {
    const i = state.units.findIndex((u) => u.id === x.hero_id);
    if (i < 0 || sideOf(state, x.hero_id) !== side)
      return { ok: false, error: `Not one of your heroes in this match: ${String(x.hero_id)}` };
    if (!acting.includes(x.hero_id))
      return { ok: false, error: `${name(x.hero_id)} does not act this turn.` };
    if (plan.has(i)) return { ok: false, error: `${name(x.hero_id)} is chosen for twice.` };
    const act = actNamed(c, i, x.ability_id);
    if (act < 0) return { ok: false, error: `${name(x.hero_id)} cannot use ${String(x.ability_id)} now.` };
    const pick = pickOf(c, i, act);
    const targets = pick === PICK_NONE ? [] : targetsOf(c, i, pick);
    let target = -1;
    if (x.target_id !== undefined && pick !== PICK_NONE) {
      target = state.units.findIndex((u) => u.id === x.target_id);
      if (!targets.includes(target)) return { ok: false, error: NOT_A_TARGET };
    } else if (targets.length > 0)
      target = targets.reduce((best, t) => (valueOf(c, i, act, t) > valueOf(c, i, act, best) ? t : best));
    plan.set(i, { act, target });
  }
  const missing = acting.filter((id) => !actions.some((x) => x.hero_id === id));
  if (missing.length > 0)
    return { ok: false, error: `Choose for every hero acting this turn: ${missing.map(name).join(', ')}.` };
  return { ok: true, plan };
}

/** Whether `actions` are a choice `side` may make this turn: null, or why not (in the player's words). */
export function checkChoice(state: LiveState, side: number, actions: readonly LiveAction[]): string | null {
  const r = planOf(restore(state), state, side, actions);
  return r.ok ? null : r.error;
}

/** What the AI would choose this turn for `side`'s acting heroes: a player's choice when their time runs out. */
export function chooseForSide(state: LiveState, side: number): LiveAction[] {
  const c = restore(state);
  return state.live.acting[side].map((id) => {
    const i = state.units.findIndex((u) => u.id === id);
    const d = decide(c, i, c.tier[side]);
    const idx = actionOf(c, i, choiceAct(d));
    const t = choiceTarget(d);
    return {
      hero_id: id,
      ability_id: ACTION_DEFS[idx].id,
      ...(t >= 0 && { target_id: state.units[t].id }),
    };
  });
}

/**
 * Plays this turn with both sides' choices (each checked: checkChoice), and answers the match ready for the next
 * turn's choices — or over — with the turn's events. The choices join the record, so a replay makes the same turn.
 */
export function playLiveTurn(
  state: LiveState,
  choices: readonly [readonly LiveAction[], readonly LiveAction[]],
): { ok: true; state: LiveState; events: BattleEvent[] } | { ok: false; error: string } {
  const c = restore(state);
  const plan: Plan = new Map();
  for (const side of [0, 1]) {
    const r = planOf(c, state, side, choices[side]);
    if (!r.ok) return r;
    for (const [i, p] of r.plan) plan.set(i, p);
  }
  const events: BattleEvent[] = [];
  c.log = new EventLog(c, state.units, state.n_allies, events);
  playTurn(c, plan, indices(state, state.live.stretch));
  const record = JSON.stringify({ turn: state.live.turn, choices });
  const next = nextTurn(c, { ...state, choices: [...state.choices, record] }, state.live.turn + 1);
  const over = next.status !== 'active';
  const all = [...state.events, ...events];
  const played = [...state.live.played, { turn: state.live.turn, end: all.length }];
  return {
    ok: true,
    state: {
      ...next,
      events: all,
      live: over
        ? { turn: state.live.turn, acting: [[], []], stretch: [], played }
        : { ...next.live, played },
    },
    events,
  };
}
