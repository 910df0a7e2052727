// The fairness figures (GET /api/fairness, routes/fairness.ts; the page /fairness):
// - Calibration: every auto fight (quick battles, arena duels, dungeon floors) is counted in fight_tallies by kind
//   and stated win chance in whole percent, won or not, in the fight's own transaction (fights.ts) — the fights
//   themselves are forgotten past each player's newest 500 (sweep.ts), the counts never.
// - Summon rarity: every candidate a paid summon draws is counted in summon_tallies by rarity, in the draw's own
//   transaction (summoning.ts), the rows taken in rarity order; candidates are swept, the counts stay.
//   Each count is kept in TALLY_SHARDS rows and a player writes only their shard's (tallyShard), so two players'
//   fights or summons rarely touch the same row and never wait on one the whole server shares; the rows are the last
//   locks a transaction takes (transaction.ts), read whole and summed (a few thousand rows at most) at most once per
//   FAIRNESS_TTL_MS per instance.
// - Balance: the `npm run balance` measure (src/game/balance.ts) over BALANCE_SAMPLE, run once per rules version in
//   a thread of its own at the lowest priority (balance-worker.ts) and kept in balance_measures under that version,
//   so every instance and every restart under the same rules reads it back; until it exists the answer says
//   'computing'.
// Every share comes with its 95% Wilson interval (src/game/balance.ts wilsonInterval).
import { Piscina } from 'piscina';
import type { Selectable } from 'kysely';
import type {
  Balance,
  Calibration,
  CalibrationBucket,
  FairnessKind,
  FairnessResponse,
  RarityShare,
} from '../../api/fairness.ts';
import {
  ALTAR,
  BALANCE_GATE,
  BALANCE_LEVELS,
  BALANCE_TEAM,
  hashSeed,
  RARITY_ODDS,
  wilsonInterval,
} from '../../game/index.ts';
import type { FightKind } from '../../game/types.ts';
import { nowSeconds } from '../foundation/clock.ts';
import type { Store } from '../store/db.ts';
import type { FightTallyTable, SummonTallyTable } from '../store/tables.ts';
import type { Db } from '../economy/wallet.ts';

/** How long one instance answers from the counts it read (the page says when they were read). */
export const FAIRNESS_TTL_MS = 30_000;
/**
 * The Balance chart's sample (docs/game-rules.md): 20,000 level-matched 4v4 battles from 300 heroes per level — every
 * group's interval within about ±1 point, enough to see one outside the 42–58% gate; about 2 s of one thread.
 */
export const BALANCE_SAMPLE = { battles: 20_000, pool: 300, seed: 20261121 } as const;
/** After a failed measure, the next request starts another only this much later. */
export const BALANCE_RETRY_MS = 60_000;

export interface BalanceSample {
  battles: number;
  pool: number;
  seed: number;
}

/** What a measure finds (balance-worker.ts), kept as JSON in balance_measures under its `rules`. */
export type MeasuredBalance = Omit<Balance, 'status' | 'computed_at' | 'gate' | 'rules'> & { rules: string };

const FIGHT_KINDS: FightKind[] = ['arena', 'dungeon', 'random', 'campaign'];

/** A stated win chance's whole percent, 0–99 (100% counts with 99); the migration's backfill computes the same. */
export function statedBin(probability: number): number {
  return Math.min(99, Math.max(0, Math.floor(probability * 100 + 1e-9)));
}

/** How many rows each count is kept in: enough that players at once rarely share one. */
export const TALLY_SHARDS = 32;

/** The shard a player's fights and summons are counted in. */
export const tallyShard = (userId: string): number => hashSeed('tally', userId) % TALLY_SHARDS;

/** Counts a player's auto fight, inside its transaction (the last row it locks). */
export async function tallyFight(
  trx: Db,
  userId: string,
  kind: FightKind,
  probability: number,
  won: boolean,
): Promise<void> {
  const w = won ? 1 : 0;
  await trx
    .insertInto('fight_tallies')
    .values({
      kind,
      bin: statedBin(probability),
      shard: tallyShard(userId),
      fights: 1,
      won: w,
      stated: probability,
    })
    .onConflict((oc) =>
      oc.columns(['kind', 'bin', 'shard']).doUpdateSet((eb) => ({
        fights: eb('fight_tallies.fights', '+', 1),
        won: eb('fight_tallies.won', '+', w),
        stated: eb('fight_tallies.stated', '+', probability),
      })),
    )
    .execute();
}

/**
 * Counts the candidates a player's paid summon drew (`rarities`, in any order), inside the draw's transaction — the
 * last rows it locks: the player's shard's row of each rarity, taken in rarity order, so two summons that drew the
 * same rarities never wait on each other in a circle (a deadlock).
 */
export async function tallySummons(trx: Db, userId: string, rarities: number[]): Promise<void> {
  const drawn = new Map<number, number>();
  for (const r of rarities) drawn.set(r, (drawn.get(r) ?? 0) + 1);
  const shard = tallyShard(userId);
  for (const [rarity, n] of [...drawn].sort(([a], [b]) => a - b))
    await trx
      .insertInto('summon_tallies')
      .values({ rarity, shard, drawn: n })
      .onConflict((oc) =>
        oc.columns(['rarity', 'shard']).doUpdateSet((eb) => ({ drawn: eb('summon_tallies.drawn', '+', n) })),
      )
      .execute();
}

const share = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** The stated-against-observed buckets of `kind`'s fights, `buckets` equal ranges of stated win chance. */
export function calibration(rows: FightCount[], kind: FairnessKind, buckets: number): Calibration {
  const width = 100 / buckets;
  const sums = Array.from({ length: buckets }, () => ({ fights: 0, won: 0, stated: 0 }));
  const byKind = new Map(FIGHT_KINDS.map((k) => [k, { kind: k, fights: 0, won: 0 }]));
  for (const r of rows) {
    const counted = byKind.get(r.kind as FightKind);
    if (!counted) continue;
    counted.fights += Number(r.fights);
    counted.won += Number(r.won);
    if (kind !== 'all' && r.kind !== kind) continue;
    const s = sums[Math.min(buckets - 1, Math.floor(r.bin / width))];
    s.fights += Number(r.fights);
    s.won += Number(r.won);
    s.stated += Number(r.stated);
  }
  const list: CalibrationBucket[] = sums.map((s, i) => {
    const observed = share(s.won, s.fights);
    return {
      from: i / buckets,
      to: (i + 1) / buckets,
      fights: s.fights,
      won: s.won,
      stated: s.fights > 0 ? Math.min(1, s.stated / s.fights) : null,
      observed,
      interval: observed === null ? null : wilsonInterval(observed, s.fights),
    };
  });
  const fights = sums.reduce((n, s) => n + s.fights, 0);
  const stated = sums.reduce((n, s) => n + s.stated, 0);
  return {
    kind,
    fights,
    won: sums.reduce((n, s) => n + s.won, 0),
    stated: fights > 0 ? Math.min(1, stated / fights) : null,
    by_kind: [...byKind.values()],
    buckets: list,
  };
}

/**
 * The stated share of each rarity — the long-run share with the pity included (data/altar.ts, held to the exact
 * figure by src/game/altar.test.ts) — beside its base chance and its share among every candidate drawn.
 */
export function summonRarity(rows: SummonCount[]): FairnessResponse['summons'] {
  const drawnOf = new Map<number, number>();
  for (const r of rows) drawnOf.set(r.rarity, (drawnOf.get(r.rarity) ?? 0) + Number(r.drawn));
  const counts = ALTAR.consolidated.map((r) => drawnOf.get(r.rarity) ?? 0);
  const total = counts.reduce((a, b) => a + b, 0);
  const rarities: RarityShare[] = ALTAR.consolidated.map(({ rarity, chance: stated }, i) => {
    const observed = share(counts[i], total);
    return {
      rarity,
      base: RARITY_ODDS[i],
      stated,
      drawn: counts[i],
      observed,
      interval: observed === null ? null : wilsonInterval(observed, total),
    };
  });
  return { drawn: total, pity: ALTAR.pity.map((r) => ({ rarity: r.rarity, within: r.within })), rarities };
}

/** A tally's counts summed over its shards. */
type FightCount = Omit<Selectable<FightTallyTable>, 'shard'>;
type SummonCount = Omit<Selectable<SummonTallyTable>, 'shard'>;

interface Counts {
  at: number;
  fights: FightCount[];
  summons: SummonCount[];
}

type BalanceState =
  | { status: 'computing'; done: Promise<void> }
  | { status: 'ready'; measured: MeasuredBalance; computedAt: number }
  | { status: 'failed'; at: number };

export interface FairnessOptions {
  /** ms an instance answers from the counts it read (default FAIRNESS_TTL_MS) */
  ttlMs?: number;
  /** the Balance chart's sample size in battles (default BALANCE_SAMPLE.battles; tests use fewer) */
  balanceBattles?: number;
  warn?: (err: unknown, msg: string) => void;
}

export class Fairness {
  private counts: { at: number; read: Promise<Counts> } | null = null;
  private balance: BalanceState | null = null;
  private worker: Piscina | null = null;
  private closed = false;
  private readonly sample: BalanceSample;

  constructor(
    private readonly store: Store,
    private readonly opts: FairnessOptions = {},
  ) {
    this.sample = { ...BALANCE_SAMPLE, battles: opts.balanceBattles ?? BALANCE_SAMPLE.battles };
  }

  /** The figures: counts as read at most ttlMs ago, the balance as measured (or being measured). */
  async view(q: { kind: FairnessKind; buckets: number }): Promise<FairnessResponse> {
    const counts = await this.readCounts();
    return {
      as_of: counts.at,
      fights: calibration(counts.fights, q.kind, q.buckets),
      summons: summonRarity(counts.summons),
      balance: this.balanceView(),
    };
  }

  private readCounts(): Promise<Counts> {
    const ttl = this.opts.ttlMs ?? FAIRNESS_TTL_MS;
    const now = Date.now();
    if (this.counts && now - this.counts.at < ttl) return this.counts.read;
    const { db } = this.store;
    // Summed over the shards by the database: a row a kind and bin, a row a rarity.
    const read = Promise.all([
      db
        .selectFrom('fight_tallies')
        .select(({ fn }) => [
          'kind',
          'bin',
          fn.sum<number>('fights').as('fights'),
          fn.sum<number>('won').as('won'),
          fn.sum<number>('stated').as('stated'),
        ])
        .groupBy(['kind', 'bin'])
        .execute(),
      db
        .selectFrom('summon_tallies')
        .select(({ fn }) => ['rarity', fn.sum<number>('drawn').as('drawn')])
        .groupBy('rarity')
        .execute(),
    ]).then(([fights, summons]) => ({ at: nowSeconds(), fights, summons }));
    const entry = { at: now, read };
    this.counts = entry;
    // A failed read is not remembered: the next request reads again.
    read.catch(() => {
      if (this.counts === entry) this.counts = null;
    });
    return read;
  }

  private balanceView(): Balance {
    const s = this.balance;
    const base = {
      gate: { low: BALANCE_GATE.low, high: BALANCE_GATE.high },
      team_size: BALANCE_TEAM,
      levels: [...BALANCE_LEVELS],
    };
    if (s?.status === 'ready') return { status: 'ready', computed_at: s.computedAt, ...base, ...s.measured };
    if (!s || (s.status === 'failed' && Date.now() - s.at >= BALANCE_RETRY_MS)) this.startBalance();
    const status = this.balance?.status === 'computing' ? 'computing' : 'failed';
    return {
      status,
      rules: null,
      computed_at: null,
      battles: 0,
      draws: 0,
      ...base,
      race: [],
      class: [],
      type: [],
    };
  }

  /** Reads the measure under the current rules, or measures and keeps it; in the background. */
  private startBalance(): void {
    if (this.closed) return;
    const worker = new Piscina({
      filename: new URL('./balance-worker.ts', import.meta.url).href,
      execArgv: ['--import', 'tsx'],
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: 1000,
    });
    this.worker = worker;
    const done = (async () => {
      try {
        const { db } = this.store;
        const rules = (await worker.run(this.sample, { name: 'rulesOf' })) as string;
        const stored = () =>
          db
            .selectFrom('balance_measures')
            .select(['body', 'created_at'])
            .where('rules', '=', rules)
            .executeTakeFirst();
        let row = await stored();
        if (!row) {
          const measured = (await worker.run(this.sample)) as MeasuredBalance;
          await db
            .insertInto('balance_measures')
            .values({ rules, body: JSON.stringify(measured), created_at: nowSeconds() })
            .onConflict((oc) => oc.column('rules').doNothing())
            .execute();
          // Another instance may have kept its measure first: every instance shows the one kept.
          row = await stored();
        }
        if (!row) throw new Error('the balance measure was not kept');
        this.balance = {
          status: 'ready',
          measured: JSON.parse(row.body) as MeasuredBalance,
          computedAt: Number(row.created_at),
        };
      } catch (err) {
        if (!this.closed) this.opts.warn?.(err, 'balance measure failed');
        this.balance = { status: 'failed', at: Date.now() };
      } finally {
        if (this.worker === worker) {
          this.worker = null;
          await worker.destroy();
        }
      }
    })();
    this.balance = { status: 'computing', done };
  }

  async close(): Promise<void> {
    this.closed = true;
    const s = this.balance;
    if (s?.status === 'computing') {
      const worker = this.worker;
      this.worker = null;
      await worker?.destroy();
      await s.done;
    }
  }
}
