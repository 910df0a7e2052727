// The turn-based battle: the rules core (./core.ts) driven one ally decision at a time, with an event log.
// BattleState is plain JSON (the server stores it and may resume it on any instance): the core's typed arrays
// as number arrays, the PRNG words, the pending options, the full event log and the choice log.
// Every function here is pure: it restores a fresh core from the state it is given and returns a new state.

import type {
  AiTier,
  BattleEvent,
  BattleOption,
  BattleStatus,
  BattleUnitView,
  BattleView,
  Hero,
  HeroType,
  OptionTendency,
} from '../types.ts';
import { STATUSES, attackNameOf, findRace } from '../content.ts';
import { STATUS_IDS } from '../data/statuses.ts';
import { iconPath } from '../art/paths.ts';
import { describeAbility, describeStatus } from '../describe.ts';
import * as compiled from './compile.ts';
import * as rules from './core.ts';
import type { BattleCore, BattleLog } from './core.ts';
import { choiceAct, choiceTarget, decide } from './ai.ts';
import {
  A_TENDENCY,
  PICK_ENEMY,
  PICK_NONE,
  TEND_AGGRESSIVE,
  TEND_DEFENSIVE,
  TEND_SUPPORTIVE,
  TEND_TACTICAL,
  chosenTarget,
  perform,
  pickOf,
  valueOf,
} from './actions.ts';
import { OPS, TARGETS } from './effects.ts';
import { TIER, runUntilDecision } from './simulate.ts';
import { STATUS_OF_OUTCOME, loadCore, storeCore, type StoredCore } from './stored-state.ts';
import { castOf, told, type Cast, type EventFacts } from './narration.ts';

const {
  A_COUNT,
  A_ENERGY,
  A_ULT,
  ACTION_DEFS,
  compileTeam,
  modifierSources,
  EF,
  ENERGY,
  F_TAUNT,
  HP,
  MAX_EFFECTS,
  MAX_ENERGY,
  MAXHP,
  SHIELD,
  SIDE,
  UF,
  effectHits,
  fieldOf,
} = compiled;
import { NS, ST_SHIELD, statusIndex } from './statuses.ts';
import { START_KEYS } from './modifiers.ts';
const {
  ACT_COUNT,
  ACT_ULT,
  actionOf,
  allyEnd,
  allyStart,
  attackOf,
  canAct,
  carries,
  defenceOf,
  endTurn,
  enemyEnd,
  enemyStart,
  hasTaunter,
  initBattle,
  isAlive,
  speedOf,
  startingHp,
  statusTurnsLeft,
  unitStat,
} = rules;

export interface BattleUnitMeta {
  id: string;
  name: string;
  level: number;
  class: string;
  race: string;
  type: HeroType;
  rarity: number;
  portrait_url: string;
  attack: string;
}

export interface PendingOption extends BattleOption {
  act: number;
  target: number;
}

/** Everything about a turn-based battle, as plain JSON. */
export interface BattleState {
  v: 2;
  battle_id: string;
  seed: number;
  units: BattleUnitMeta[];
  n_allies: number;
  /** The rules core, stored by name (./stored-state.ts). */
  core: StoredCore;
  status: BattleStatus;
  auto: boolean;
  ally_ai: AiTier;
  enemy_ai: AiTier;
  /** Index of the ally whose decision is pending, or -1. */
  current: number;
  options: PendingOption[];
  events: BattleEvent[];
  /** Every option id chosen, in order: with the seed, it replays the battle. */
  choices: string[];
}

const TENDENCY: OptionTendency[] = ['aggressive', 'defensive', 'supportive', 'tactical'];

// ---- the event log ------------------------------------------------------------------------------------------

export class EventLog implements BattleLog {
  private readonly cast: Cast;
  constructor(
    private c: BattleCore,
    private units: BattleUnitMeta[],
    readonly nAllies: number,
    readonly events: BattleEvent[],
  ) {
    this.cast = castOf(units);
  }
  /** This log, written on by `c` from now on: the same battle loaded again (a foresight played on a copy). */
  follow(c: BattleCore): void {
    this.c = c;
    c.log = this;
  }
  private id(i: number) {
    return i >= 0 ? this.units[i]?.id : undefined;
  }
  /** Records an event's facts, told in words by the narration (./narration.ts). */
  private push(e: Omit<EventFacts, 'turn'>) {
    const facts = { turn: this.c.turn, ...e };
    this.events.push(told(facts, this.cast));
  }
  /** The facts about target t as the event leaves it. */
  private after(t: number) {
    return {
      target_id: this.units[t].id,
      hp_after: Math.max(0, Math.round(unitStat(t, HP))),
      shield_after: Math.round(unitStat(t, SHIELD)),
    };
  }
  /** The turns of its own that unit t keeps status st: the core counts one more on the actor, whose end of turn is about to tick. */
  private turnsOf(t: number, st: number) {
    return statusTurnsLeft(this.c, t, st) - (t === this.c.actor ? 1 : 0);
  }
  turn(a: number) {
    this.push({ kind: 'turn', actor_id: this.id(a) });
  }
  action(a: number, _act: number, ability: number, t: number) {
    this.push({
      kind: 'ability',
      actor_id: this.id(a),
      target_id: this.id(t),
      ability_id: ACTION_DEFS[ability].id,
    });
  }
  damage(s: number, t: number, amount: number, crit: boolean, absorbed: number) {
    this.push({ kind: 'damage', actor_id: this.id(s), ...this.after(t), amount, absorbed, crit });
  }
  tick(t: number, s: number, amount: number) {
    const status_id = s >= 0 ? STATUS_IDS[s] : undefined;
    if (amount > 0) this.push({ kind: 'damage', ...this.after(t), amount, absorbed: 0, status_id });
    else this.push({ kind: 'heal', ...this.after(t), amount: -amount, status_id });
  }
  fatigue(t: number, amount: number) {
    this.push({ kind: 'damage', ...this.after(t), amount, absorbed: 0, fatigue: true });
  }
  heal(s: number, t: number, amount: number) {
    this.push({ kind: 'heal', actor_id: this.id(s), ...this.after(t), amount });
  }
  shield(s: number, t: number, amount: number) {
    this.push({
      kind: 'shield',
      actor_id: this.id(s),
      ...this.after(t),
      amount,
      status_id: 'shield',
      turns: this.turnsOf(t, ST_SHIELD),
    });
  }
  status(s: number, t: number, st: number) {
    this.push({
      kind: 'status',
      actor_id: this.id(s),
      ...this.after(t),
      status_id: STATUS_IDS[st],
      turns: this.turnsOf(t, st),
    });
  }
  expire(t: number, st: number) {
    this.push({ kind: 'expire', ...this.after(t), status_id: STATUS_IDS[st] });
  }
  death(t: number, killer: number) {
    this.push({ kind: 'death', actor_id: this.id(killer), ...this.after(t) });
  }
  miss(a: number, t: number, stunned: boolean) {
    if (stunned) this.push({ kind: 'miss', actor_id: this.id(a) });
    else this.push({ kind: 'miss', actor_id: this.id(a), target_id: this.id(t) });
  }
  end(over: number) {
    this.push({ kind: 'end', outcome: STATUS_OF_OUTCOME[over] as 'won' | 'lost' | 'draw' });
  }
  /**
   * What each unit begins the battle with from its own sources (its boon, bane, passives, gear and sets: every key
   * of the modifier registry that `starts` something), each told once with the sources that gave it — as the battle
   * set up stands (a start status the unit shrugged off is not told).
   */
  starts(heroes: readonly Hero[]) {
    heroes.forEach((h, t) => {
      const sources = modifierSources(h);
      for (const { key, starts: effect } of START_KEYS) {
        const from = sources.filter((src) => !!src.mods[key]);
        if (from.length === 0) continue;
        const origins = (list: typeof from) => list.map(({ from, id }) => ({ from, id }));
        const after = this.after(t);
        if (effect === 'health') {
          const missing = Math.round(unitStat(t, MAXHP)) - after.hp_after;
          if (missing > 0)
            this.push({ kind: 'start', effect, ...after, amount: missing, sources: origins(from) });
        } else if (effect === 'shield') {
          if (after.shield_after > 0)
            this.push({
              kind: 'start',
              effect,
              ...after,
              amount: after.shield_after,
              status_id: 'shield',
              turns: this.turnsOf(t, ST_SHIELD),
              sources: origins(from),
            });
        } else if (effect === 'energy') {
          const energy = Math.round(unitStat(t, ENERGY));
          if (energy > 0)
            this.push({ kind: 'start', effect, ...after, amount: energy, sources: origins(from) });
        } else {
          // One start status a unit: the last source's (they apply in order).
          const last = from[from.length - 1]!;
          const st = statusIndex[last.mods.startStatus!.status]!;
          if (carries(t, st))
            this.push({
              kind: 'start',
              effect,
              ...after,
              status_id: STATUS_IDS[st],
              turns: this.turnsOf(t, st),
              sources: origins([last]),
            });
        }
      }
    });
  }
}

// ---- state <-> core ---------------------------------------------------------------------------------------------

export const restore = (state: BattleState): BattleCore => loadCore(state);
const snapshot = storeCore;
const statusOf = (over: number): BattleStatus => STATUS_OF_OUTCOME[over];

export function metaOf(h: Hero): BattleUnitMeta {
  return {
    id: h.id,
    name: h.name,
    level: h.level,
    class: h.class,
    race: findRace(h.race)?.name ?? h.race,
    type: h.type,
    rarity: h.rarity,
    portrait_url: h.portrait_url,
    attack: attackNameOf(h),
  };
}

/** Run AI turns until an ally must decide (unless auto) or the end; then list that ally's options. */
function advance(c: BattleCore, state: BattleState): BattleState {
  const current = runUntilDecision(c, state.auto ? -1 : 0);
  return {
    ...state,
    v: 2,
    core: snapshot(c),
    status: statusOf(c.over),
    current,
    options: current >= 0 ? listOptions(c, state.units, current) : [],
  };
}

// ---- options ------------------------------------------------------------------------------------------------

export function targetsOf(c: BattleCore, i: number, pick: number): number[] {
  const side = unitStat(i, SIDE);
  if (pick === PICK_NONE) return [-1];
  const taunt = pick === PICK_ENEMY && hasTaunter(c, side);
  const s = pick === PICK_ENEMY ? enemyStart(c, side) : allyStart(c, side);
  const e = pick === PICK_ENEMY ? enemyEnd(c, side) : allyEnd(c, side);
  const out: number[] = [];
  for (let j = s; j < e; j++) if (isAlive(c, j) && (!taunt || unitStat(j, F_TAUNT) === 1)) out.push(j);
  return out;
}

const r = Math.round;

function firstAliveEnemy(c: BattleCore, side: number): number {
  for (let j = enemyStart(c, side), e = enemyEnd(c, side); j < e; j++) if (isAlive(c, j)) return j;
  return -1;
}

/** What ally i doing `act` aimed at t will do, each effect previewed by its registry entry (./effects.ts). */
function describeOption(
  c: BattleCore,
  units: BattleUnitMeta[],
  i: number,
  act: number,
  t: number,
): { label: string; detail: string; tendency: number; key: string } {
  const idx = actionOf(c, i, act);
  const def = ACTION_DEFS[idx];
  const side = unitStat(i, SIDE);
  const target = chosenTarget(c, i, idx, t);
  const parts: string[] = [];
  for (let k = 0; k < A_COUNT[idx]; k++) {
    const e = (idx * MAX_EFFECTS + k) * EF;
    const effect = def.effects[k];
    const kind = effect.target;
    const where = TARGETS[kind];
    const j = where.one(c, i, target);
    const who = j >= 0 ? (j === i ? 'self' : units[j].name) : where.group;
    const probe = j >= 0 ? j : where.friendly ? i : firstAliveEnemy(c, side);
    const op = OPS[effect.op];
    const text = op.preview({ c, src: i, e, j, probe, who, kind, hits: effectHits(e) });
    if (text) parts.push(text);
  }
  if (A_ENERGY[idx] > 0) parts.push(`+${A_ENERGY[idx]} energy`);
  const first = ACTION_DEFS[idx].effects[0];
  const aim =
    target === i ? 'self' : target >= 0 ? units[target].name : first ? TARGETS[first.target].aim : 'self';
  const ult = A_ULT[idx] === 1;
  const body = parts.join('; ');
  const name = def.basic?.classNamed ? units[i].attack : def.name;
  const lead = ult ? 'Ultimate: ' : def.basic ? `${def.flavour.replace(/\.$/, '')}: ` : '';
  return {
    key: def.id,
    tendency: A_TENDENCY[idx],
    label: def.basic && target < 0 ? name : `${ult ? '★ ' : ''}${name} → ${aim}`,
    detail: `${lead}${lead ? body : body.charAt(0).toUpperCase() + body.slice(1)}.${!ult && def.cooldown > 0 ? ` Cooldown ${def.cooldown}.` : ''}`,
  };
}

/** 3-4 options for ally i: the best of each tendency, the ultimate when ready, then the next best. */
export function listOptions(c: BattleCore, units: BattleUnitMeta[], i: number): PendingOption[] {
  const all: (Omit<PendingOption, 'targets' | 'aims' | 'description'> & { score: number; tend: number })[] =
    [];
  for (let act = 0; act < ACT_COUNT; act++) {
    if (!canAct(c, i, act)) continue;
    for (const t of targetsOf(c, i, pickOf(c, i, act))) {
      const d = describeOption(c, units, i, act, t);
      const target = t >= 0 ? units[t].id : 'none';
      all.push({
        id: `${d.key}:${target}`,
        tendency: TENDENCY[d.tendency],
        label: d.label,
        detail: d.detail,
        act,
        target: t,
        score: valueOf(c, i, act, t),
        tend: d.tendency,
      });
    }
  }
  all.sort((a, b) => b.score - a.score);
  const chosen: typeof all = [];
  const ult = all.find((o) => o.act === ACT_ULT);
  if (ult) chosen.push(ult);
  for (const tend of [TEND_AGGRESSIVE, TEND_DEFENSIVE, TEND_SUPPORTIVE, TEND_TACTICAL]) {
    const best = all.find(
      (o) => o.tend === tend && !chosen.includes(o) && !chosen.some((x) => x.act === o.act),
    );
    if (best && chosen.length < 4) chosen.push(best);
  }
  // then the next best, preferring actions not offered yet
  for (const o of all)
    if (chosen.length < 4 && !chosen.includes(o) && !chosen.some((x) => x.act === o.act)) chosen.push(o);
  for (const o of all) if (chosen.length < 4 && !chosen.includes(o)) chosen.push(o);
  chosen.sort((a, b) => b.score - a.score);
  return chosen.map(({ id, tendency, label, detail, act, target }) => {
    // One enemy or one ally: the player may aim it at any unit it could hit; the AI's pick is preselected.
    const pick = pickOf(c, i, act);
    const aims =
      pick === 0
        ? []
        : targetsOf(c, i, pick).map((t) => {
            const d = describeOption(c, units, i, act, t);
            return { target_id: units[t].id, label: d.label, detail: d.detail };
          });
    const description = describeAbility(ACTION_DEFS[actionOf(c, i, act)]);
    return {
      id,
      tendency,
      label,
      detail,
      targets: aims.map((a) => a.target_id),
      aims,
      description,
      act,
      target,
    };
  });
}

// ---- the public API ---------------------------------------------------------------------------------------------

export function startBattle(
  seed: number,
  allies: Hero[],
  enemies: Hero[],
  o: { battleId: string; enemyAi?: AiTier; allyAi?: AiTier; auto?: boolean; turnLimit?: number },
): { state: BattleState; events: BattleEvent[] } {
  const { c, state: base, events } = openBattle(seed, allies, enemies, o);
  const state = advance(c, base);
  return { state: { ...state, events: [...events] }, events: [...events] };
}

/**
 * A battle set up — each unit's start told — before anyone acts: its core (logging into `events`) and its state.
 * startBattle then plays the AI to the first decision; a live match (./live.ts) to the first turn both sides choose.
 */
export function openBattle(
  seed: number,
  allies: Hero[],
  enemies: Hero[],
  o: { battleId: string; enemyAi?: AiTier; allyAi?: AiTier; auto?: boolean; turnLimit?: number },
): { c: BattleCore; state: BattleState; events: BattleEvent[] } {
  const a = compileTeam(allies);
  const b = compileTeam(enemies);
  const units = [...allies.slice(0, a.n), ...enemies.slice(0, b.n)].map(metaOf);
  const c = new rules.BattleCore();
  const events: BattleEvent[] = [];
  const log = new EventLog(c, units, a.n, events);
  // Set up unlogged: what each unit begins with is told after, naming where it comes from.
  initBattle(c, seed >>> 0, a, b, o.turnLimit ?? rules.DEFAULT_TURN_LIMIT);
  c.log = log;
  log.starts([...allies.slice(0, a.n), ...enemies.slice(0, b.n)]);
  c.tier[0] = TIER[o.allyAi ?? 'normal'] ?? 1;
  c.tier[1] = TIER[o.enemyAi ?? 'normal'] ?? 1;
  const state: BattleState = {
    v: 2,
    battle_id: o.battleId,
    seed: seed >>> 0,
    units,
    n_allies: a.n,
    core: snapshot(c),
    status: 'active',
    auto: o.auto ?? false,
    ally_ai: o.allyAi ?? 'normal',
    enemy_ai: o.enemyAi ?? 'normal',
    current: -1,
    options: [],
    events,
    choices: [],
  };
  return { c, state, events };
}

export const NOT_A_TARGET = 'That target cannot be chosen for this action';

/**
 * The pending ally takes option `optionId`, aimed at `targetId` when given (one of the option's `targets`; its
 * preselected target otherwise). The choice joins the battle's record as `optionId`, or `optionId@targetId` when
 * aimed elsewhere, so a replay makes the same one.
 */
export function chooseOption(
  state: BattleState,
  optionId: string,
  targetId?: string,
): { ok: true; state: BattleState; events: BattleEvent[] } | { ok: false; error: string } {
  if (!state || state.status !== 'active') return { ok: false, error: 'The battle is over.' };
  if (state.current < 0) return { ok: false, error: 'No decision is pending.' };
  const option = state.options.find((x) => x.id === optionId);
  if (!option) return { ok: false, error: `Unknown option: ${String(optionId)}` };
  let target = option.target;
  if (targetId !== undefined && targetId !== state.units[target]?.id) {
    if (!option.targets.includes(targetId)) return { ok: false, error: NOT_A_TARGET };
    target = state.units.findIndex((u) => u.id === targetId);
  }
  const c = restore(state);
  const events: BattleEvent[] = [];
  c.log = new EventLog(c, state.units, state.n_allies, events);
  perform(c, state.current, option.act, target);
  endTurn(c, state.current);
  const choice = target === option.target ? optionId : `${optionId}@${targetId}`;
  const next = advance(c, { ...state, choices: [...state.choices, choice] });
  return { ok: true, state: { ...next, events: [...state.events, ...events] }, events };
}

export function setAuto(state: BattleState, auto: boolean): { state: BattleState; events: BattleEvent[] } {
  if (state.status !== 'active' || auto === state.auto) return { state: { ...state, auto }, events: [] };
  if (!auto) return { state: { ...state, auto }, events: [] };
  const c = restore(state);
  const events: BattleEvent[] = [];
  c.log = new EventLog(c, state.units, state.n_allies, events);
  if (state.current >= 0) {
    const choice = decide(c, state.current, c.tier[0]);
    perform(c, state.current, choiceAct(choice), choiceTarget(choice));
    endTurn(c, state.current);
  }
  const next = advance(c, { ...state, auto: true, choices: [...state.choices, 'auto'] });
  return { state: { ...next, events: [...state.events, ...events] }, events };
}

export function viewBattle(state: BattleState, recentEvents?: number): BattleView {
  const c = restore(state);
  const units: BattleUnitView[] = state.units.map((m, i) => {
    const status_effects = [];
    for (let s = 0; s < NS; s++) {
      if (!carries(i, s)) continue;
      const id = STATUS_IDS[s];
      status_effects.push({
        id,
        name: STATUSES[id].name,
        turns: statusTurnsLeft(c, i, s),
        icon: iconPath('status', id),
        harmful: STATUSES[id].harmful,
        description: describeStatus(STATUSES[id]),
      });
    }
    return {
      id: m.id,
      name: m.name,
      level: m.level,
      class: m.class,
      race: m.race,
      type: m.type,
      rarity: m.rarity,
      portrait_url: m.portrait_url,
      is_ally: i < state.n_allies,
      is_dead: !isAlive(c, i),
      stats: {
        hp: r(unitStat(i, HP)),
        max_hp: r(unitStat(i, MAXHP)),
        start_hp: startingHp(c.u, i * UF),
        atk: r(attackOf(i)),
        def: r(defenceOf(i)),
        spd: r(speedOf(i)),
      },
      shield: r(unitStat(i, SHIELD)),
      energy: r(unitStat(i, ENERGY)),
      max_energy: MAX_ENERGY,
      status_effects,
    };
  });
  const n = recentEvents === undefined ? state.events.length : Math.max(0, Math.floor(recentEvents));
  return {
    battle_id: state.battle_id,
    allies: units.slice(0, state.n_allies),
    enemies: units.slice(state.n_allies),
    status: state.status,
    pending_options: state.options.map(({ id, tendency, label, detail, targets, aims, description }) => ({
      id,
      tendency,
      label,
      detail,
      targets,
      aims,
      description,
    })),
    current_actor_id: state.current >= 0 ? state.units[state.current].id : null,
    turn: c.turn,
    events: n === 0 ? [] : state.events.slice(-n),
    auto: state.auto,
  };
}

/** A fighter as a battle begins (for a replay's first frame): who it is, its max health and the health it starts at. */
export interface UnitAtStart extends BattleUnitMeta {
  is_ally: boolean;
  max_hp: number;
  start_hp: number;
}

export function unitsAtStart(allies: Hero[], enemies: Hero[]): UnitAtStart[] {
  const out: UnitAtStart[] = [];
  for (const [heroes, isAlly] of [
    [allies, true],
    [enemies, false],
  ] as const) {
    const team = compileTeam(heroes);
    for (let i = 0; i < team.n; i++)
      out.push({
        ...metaOf(heroes[i]!),
        is_ally: isAlly,
        max_hp: Math.round(fieldOf(team.units, i, MAXHP)),
        start_hp: startingHp(team.units, i * UF),
      });
  }
  return out;
}
