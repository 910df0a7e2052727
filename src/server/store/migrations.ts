// Schema migrations, in code, run on start by Kysely's Migrator (which locks, so several instances starting on
// one PostgreSQL take turns). Never edit a shipped migration: add the next one. Content seeding: seed-content.ts.
import { nowSeconds } from '../foundation/clock.ts';
import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import type { AnyDb, Dialect } from './db.ts';
import { remakeSparringPartners, seedContent, syncContent } from './seed-content.ts';
import { heroScanNeeded, lockKnownIds, recordKnownIds, recordedIds } from './known-ids.ts';
import type { Database } from './tables.ts';
import { unresolvedReferences } from './content-references.ts';
import { CURRENCIES } from '../../api/rules.ts';
import { battleRecord } from './migration-0021-battle-record.ts';
import { noOldRecords } from './migration-0024-no-old-records.ts';
import { dayNames } from './migration-0025-day-names.ts';
import { questPlaces } from './migration-0027-quest-places.ts';
import { dungeonTiers } from './migration-0028-dungeon-tiers.ts';
import { claims } from './migration-0029-claims.ts';
import { tallyShards } from './migration-0030-tally-shards.ts';
import { live } from './migration-0031-live.ts';
import { liveResults } from './migration-0032-live-results.ts';
import { livePresence } from './migration-0033-live-presence.ts';
import { guilds } from './migration-0034-guilds.ts';
import { admin } from './migration-0035-admin.ts';
import { ladderSides } from './migration-0036-ladder-sides.ts';

function schema(dialect: Dialect): Migration {
  // Prefix search on usernames compares bytes; PostgreSQL's locale collation would not.
  const byteOrder = dialect === 'postgres' ? sql`collate "C"` : sql``;
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('username_key', 'text', (c) => c.notNull().modifyEnd(byteOrder))
        .addColumn('gold', 'integer', (c) => c.notNull())
        .addColumn('magic_essence', 'integer', (c) => c.notNull())
        .addColumn('summoning_scrolls', 'integer', (c) => c.notNull())
        .addColumn('combat_tokens', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint(
          'users_currencies_non_negative',
          sql`gold >= 0 and magic_essence >= 0 and summoning_scrolls >= 0 and combat_tokens >= 0`,
        )
        .execute();
      await db.schema.createIndex('users_username_key').unique().on('users').column('username_key').execute();

      await db.schema
        .createTable('heroes')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text')
        .addColumn('dungeon_id', 'text')
        .addColumn('generation_id', 'text')
        .addColumn('seed', 'bigint', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('race', 'text', (c) => c.notNull())
        .addColumn('race_description', 'text', (c) => c.notNull())
        .addColumn('class', 'text', (c) => c.notNull())
        .addColumn('class_description', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('rarity', 'integer', (c) => c.notNull())
        .addColumn('level', 'integer', (c) => c.notNull())
        .addColumn('xp', 'integer', (c) => c.notNull())
        .addColumn('hp', 'integer', (c) => c.notNull())
        .addColumn('max_hp', 'integer', (c) => c.notNull())
        .addColumn('atk', 'integer', (c) => c.notNull())
        .addColumn('def', 'integer', (c) => c.notNull())
        .addColumn('spd', 'integer', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('portrait_url', 'text', (c) => c.notNull())
        .addColumn('boon', 'text', (c) => c.notNull())
        .addColumn('bane', 'text', (c) => c.notNull())
        .addColumn('boon_icon', 'text', (c) => c.notNull())
        .addColumn('bane_icon', 'text', (c) => c.notNull())
        .addColumn('abilities', 'text', (c) => c.notNull())
        .addColumn('doc', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('heroes_user').on('heroes').columns(['user_id', 'created_at']).execute();
      await db.schema.createIndex('heroes_dungeon').on('heroes').columns(['dungeon_id', 'level']).execute();
      await db.schema
        .createIndex('heroes_generation')
        .unique()
        .on('heroes')
        .column('generation_id')
        .execute();

      await db.schema
        .createTable('generations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('candidates', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('candidates')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text')
        .addColumn('generation_id', 'text')
        .addColumn('hero', 'text', (c) => c.notNull())
        .addColumn('saved', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('candidates_created').on('candidates').column('created_at').execute();

      await db.schema
        .createTable('shop_items')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('cost', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('icon', 'text', (c) => c.notNull())
        .addColumn('targets_hero', 'integer', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('inventory')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('item_id', 'text', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('inventory_quantity_non_negative', sql`quantity >= 0`)
        .execute();
      await db.schema
        .createIndex('inventory_user_item')
        .unique()
        .on('inventory')
        .columns(['user_id', 'item_id'])
        .execute();

      await db.schema
        .createTable('dungeons')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('difficulty', 'text', (c) => c.notNull())
        .addColumn('level_recommendation', 'integer', (c) => c.notNull())
        .addColumn('rewards_multiplier', 'double precision', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('image_url', 'text', (c) => c.notNull())
        .addColumn('theme', 'text', (c) => c.notNull())
        .addColumn('floors', 'integer', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('dungeon_runs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('dungeon_id', 'text', (c) => c.notNull())
        .addColumn('team_hero_ids', 'text', (c) => c.notNull())
        .addColumn('floor', 'integer', (c) => c.notNull())
        .addColumn('floors', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      // At most one active run per player, whatever races happen.
      await db.schema
        .createIndex('dungeon_runs_one_active')
        .unique()
        .on('dungeon_runs')
        .column('user_id')
        .where(sql.ref('status'), '=', 'active')
        .execute();

      await db.schema
        .createTable('battles')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('location_type', 'text', (c) => c.notNull())
        .addColumn('location', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('team_hero_ids', 'text', (c) => c.notNull())
        .addColumn('state', 'text')
        .addColumn('result', 'text')
        .addColumn('rewards', 'text')
        .addColumn('level_ups', 'text')
        .addColumn('run_id', 'text')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('battles_user').on('battles').columns(['user_id', 'created_at']).execute();
      await db.schema.createIndex('battles_status').on('battles').columns(['status', 'updated_at']).execute();
    },
  };
}

/**
 * users.hero_count, kept by the writes that add or remove a hero, and an index of the players who have any: the
 * browse list walks only those, however many players have none.
 */
const heroCount: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('users')
      .addColumn('hero_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db
      .updateTable('users')
      .set({ hero_count: sql`(select count(*) from heroes where heroes.user_id = users.id)` })
      .execute();
    await db.schema
      .createIndex('users_with_heroes')
      .on('users')
      .column('username_key')
      .where(sql.ref('hero_count'), '>', 0)
      .execute();
  },
};

/**
 * A player's hero list in list order with each hero's version, in the index itself: the hot list read asks only
 * the index which versions the list holds (hero-lists.ts). Replaces heroes_user, its prefix.
 */
const heroListIndex: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createIndex('heroes_user_list')
      .on('heroes')
      .columns(['user_id', 'created_at', 'id', 'version'])
      .execute();
    await db.schema.dropIndex('heroes_user').execute();
  },
};

/**
 * The pending pair of a paid generation (summoning.ts): the player's row names it, candidates keep their order.
 * Candidates drawn without a player (the old free path) are previews now and can never be kept: dropped.
 */
const pendingGeneration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('users').addColumn('pending_generation_id', 'text').execute();
    await db.schema
      .alterTable('candidates')
      .addColumn('slot', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.deleteFrom('candidates').where('user_id', 'is', null).execute();
    await db.schema
      .createIndex('candidates_generation')
      .on('candidates')
      .columns(['generation_id', 'slot'])
      .execute();
    await db.schema.createIndex('candidates_user').on('candidates').columns(['user_id', 'saved']).execute();
  },
};

/**
 * Each player's next random encounter (one of random-foes.ts's bands), drawn by the server before the fight so
 * the enemies and odds shown on /battle are the ones fought; the random battle that uses it draws the next.
 */
const nextEncounters: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('next_encounters')
      .addColumn('user_id', 'text', (c) => c.primaryKey())
      .addColumn('band', 'integer', (c) => c.notNull())
      .addColumn('drawn_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};

/**
 * One turn-based battle in play per player (routes/battles.ts ends the active one when another starts). Where a
 * player had several, the newest stays and the others end as it would end them: lost, no rewards.
 */
const oneActiveBattle: Migration = {
  async up(db: AnyDb) {
    await sql`
      update battles set status = 'lost', level_ups = '[]',
        rewards = '{"gold":0,"xp_per_hero":0,"magic_essence":0,"combat_tokens":0}'
      where kind = 'turn_based' and status = 'active' and exists (
        select 1 from battles newer
        where newer.user_id = battles.user_id and newer.kind = 'turn_based' and newer.status = 'active'
          and (newer.created_at > battles.created_at
            or (newer.created_at = battles.created_at and newer.id > battles.id)))`.execute(db);
    await db.schema
      .createIndex('battles_one_active')
      .unique()
      .on('battles')
      .column('user_id')
      .where(sql<boolean>`status = 'active' and kind = 'turn_based'`)
      .execute();
  },
};

/**
 * Every hero carries its own stat spread (src/game/generation.ts rollSpread). Heroes, NPCs and candidates stored
 * before it have stats without one, so they get a spread of zeros — the truth about their stats — and a new
 * version, so no list cached under the old versions is served again.
 */
function heroSpread(dialect: Dialect): Migration {
  const zeros = JSON.stringify({ max_hp: 0, atk: 0, def: 0, spd: 0 });
  const withSpread = (col: string) =>
    dialect === 'postgres'
      ? sql`jsonb_set(${sql.ref(col)}::jsonb, '{spread}', ${zeros}::jsonb)::text`
      : sql`json_set(${sql.ref(col)}, '$.spread', json(${zeros}))`;
  const lacksSpread = (col: string) =>
    dialect === 'postgres'
      ? sql<boolean>`(${sql.ref(col)}::jsonb -> 'spread') is null`
      : sql<boolean>`json_type(${sql.ref(col)}, '$.spread') is null`;
  return {
    async up(db: AnyDb) {
      await db
        .updateTable('heroes')
        .set((eb) => ({ doc: withSpread('doc'), version: eb('version', '+', 1) }))
        .where(lacksSpread('doc'))
        .execute();
      await db
        .updateTable('candidates')
        .set({ hero: withSpread('hero') })
        .where(lacksSpread('hero'))
        .execute();
    },
  };
}

/** When a fight's replay was last opened by its link: the retention keeps such fights 30 days (sweep.ts). */
const replayOpened: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('battles').addColumn('replay_opened_at', 'bigint').execute();
  },
};

/** Per-client limit windows, counted in the database by every instance sharing it (limit-store.ts). */
const rateLimits: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('hits', 'integer', (c) => c.notNull())
      .addColumn('window_end', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rate_limits_window_end').on('rate_limits').column('window_end').execute();
  },
};

/**
 * The ledger (wallet.ts writes it, ledger.ts reads and audits it): one entry per change of a currency, in the
 * change's transaction. Players who exist already get an opening entry per currency they hold, so the balance
 * is the sum of the entries on an old database too. The database itself refuses what the code must never do:
 * a balance that moves (or a player stored with one) unless the player's latest entry for that currency states
 * the new balance — so an entry is written first, then the balance moved to it — and any change to an entry.
 */
function ledger(dialect: Dialect): Migration {
  const latest = (c: string) =>
    `(select balance_after from ledger where user_id = new.id and currency = '${c}' order by id desc limit 1)`;
  // Entered: the latest entry states this balance, or there is none and the balance is 0.
  const entered = (c: string) => `coalesce(${latest(c)} = new.${c}, new.${c} = 0)`;
  const changed = (c: string) => `new.${c} <> old.${c}`;
  const NO_ENTRY = 'a balance changed without its ledger entry (src/server/economy/wallet.ts writes both)';
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('ledger')
        .$call((t) =>
          dialect === 'postgres'
            ? t.addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
            : t.addColumn('id', 'integer', (c) => c.primaryKey()),
        )
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('delta', 'integer', (c) => c.notNull())
        .addColumn('balance_after', 'integer', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('ref', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint(
          'ledger_entry_sound',
          sql`delta <> 0 and balance_after >= 0 and currency in (${sql.join(CURRENCIES.map((c) => sql.lit(c)))})`,
        )
        .execute();
      // A player's entries newest first, and one currency's (the filter, and the guard's latest-entry read).
      await db.schema.createIndex('ledger_user').on('ledger').columns(['user_id', 'id']).execute();
      await db.schema
        .createIndex('ledger_user_currency')
        .on('ledger')
        .columns(['user_id', 'currency', 'id'])
        .execute();

      const now = nowSeconds();
      for (const c of CURRENCIES)
        await sql`insert into ledger (user_id, currency, delta, balance_after, reason, ref, created_at)
          select id, ${sql.lit(c)}, ${sql.ref(c)}, ${sql.ref(c)}, 'opening_balance', null, ${sql.lit(now)} from users
          where ${sql.ref(c)} <> 0 order by created_at, id`.execute(db);

      if (dialect === 'postgres') {
        const check = (c: string) =>
          `if not ${entered(c)} then raise exception '${NO_ENTRY}: % of player %', '${c}', new.id; end if;`;
        await sql
          .raw(
            `create function ledger_guard_balances() returns trigger language plpgsql as $$
            begin
              if tg_op = 'UPDATE' then
                ${CURRENCIES.map((c) => `if ${changed(c)} then ${check(c)} end if;`).join('\n')}
              else
                ${CURRENCIES.map(check).join('\n')}
              end if;
              return new;
            end $$`,
          )
          .execute(db);
        await sql
          .raw(
            `create trigger users_balance_entered before insert or update of ${CURRENCIES.join(', ')}
            on users for each row execute function ledger_guard_balances()`,
          )
          .execute(db);
        await sql
          .raw(
            `create function ledger_append_only() returns trigger language plpgsql as $$
            begin raise exception 'ledger entries are never changed or deleted'; end $$`,
          )
          .execute(db);
        await sql
          .raw(
            `create trigger ledger_append_only before update or delete on ledger
            for each row execute function ledger_append_only()`,
          )
          .execute(db);
      } else {
        const unentered = (when: (c: string) => string) =>
          CURRENCIES.map((c) => `(${when(c)}not ${entered(c)})`).join(' or ');
        await sql
          .raw(
            `create trigger users_balance_entered before update of ${CURRENCIES.join(', ')} on users
            when ${unentered((c) => `${changed(c)} and `)}
            begin select raise(abort, '${NO_ENTRY}'); end`,
          )
          .execute(db);
        await sql
          .raw(
            `create trigger users_opening_entered before insert on users when ${unentered(() => '')}
            begin select raise(abort, '${NO_ENTRY}'); end`,
          )
          .execute(db);
        for (const op of ['update', 'delete'])
          await sql
            .raw(
              `create trigger ledger_no_${op} before ${op} on ledger
              begin select raise(abort, 'ledger entries are never changed or deleted'); end`,
            )
            .execute(db);
      }
    },
  };
}

/**
 * The arena ladder (fights/rating-store.ts): every hero's Glicko-2 rating and arena record, by hero id (players' heroes and NPCs
 * alike; NPC rows are written by the content sync, from their level). `conservative` (rating − 2·rd) is stored so
 * the leaderboard walks an index in its order — (conservative, hero_id) descending, keyset-paged — and `rating` is
 * indexed for the opponents nearest a rating. Players' existing heroes start as new ones: 1500 / 350 / 0.06.
 * arena_wins remembers each player's arena wins over each opponent for a day (the repeat-win rule; sweep.ts forgets
 * older ones). Numbered 0011: 0010 is the ledger's.
 */
const ratings: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('hero_ratings')
      .addColumn('hero_id', 'text', (c) => c.primaryKey())
      .addColumn('rating', 'double precision', (c) => c.notNull())
      .addColumn('rd', 'double precision', (c) => c.notNull())
      .addColumn('vol', 'double precision', (c) => c.notNull())
      .addColumn('conservative', 'double precision', (c) => c.notNull())
      .addColumn('wins', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('losses', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('hero_ratings_ladder')
      .on('hero_ratings')
      .columns(['conservative desc', 'hero_id desc'])
      .execute();
    await db.schema
      .createIndex('hero_ratings_rating')
      .on('hero_ratings')
      .columns(['rating', 'hero_id'])
      .execute();
    const now = nowSeconds();
    await sql`insert into hero_ratings (hero_id, rating, rd, vol, conservative, wins, losses, updated_at)
      select id, 1500, 350, 0.06, 800, 0, 0, ${now} from heroes where dungeon_id is null`.execute(db);

    await db.schema
      .createTable('arena_wins')
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('opponent_id', 'text', (c) => c.notNull())
      .addColumn('battle_id', 'text', (c) => c.notNull())
      .addColumn('won_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('arena_wins_pair')
      .on('arena_wins')
      .columns(['user_id', 'opponent_id', 'won_at'])
      .execute();
    await db.schema.createIndex('arena_wins_won_at').on('arena_wins').column('won_at').execute();
  },
};

/**
 * The fairness page's counts (fairness.ts), kept apart from the rows they count because those are forgotten: fights
 * past each player's newest 500 (sweep.ts), candidates after 14 days or when the player pays for a new pair
 * (summoning.ts). fight_tally counts auto fights by kind and stated win chance in whole percent, with how many were
 * won and the sum of their stated chances; summon_tally counts the candidates paid summons drew, by rarity. The
 * fight or draw writes its count in its own transaction; here they start from what the database still holds: every
 * finished auto fight, every stored candidate of a paid summon and every kept hero whose candidate row is gone (the
 * other candidate of such a pair is gone for good). balance_measures keeps the Balance chart's measure, once per
 * rules version.
 */
function fairnessTallies(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  const probability = pg
    ? sql`(result::jsonb ->> 'probability')::double precision`
    : sql`json_extract(result, '$.probability')`;
  // The whole percent, as fairness.ts statedBin computes it: floor(p·100 + 1e-9), at most 99.
  const bin = pg
    ? sql`least(99, floor(p * 100 + 1e-9))::integer`
    : sql`min(99, cast(p * 100 + 1e-9 as integer))`;
  const rarity = pg ? sql`(hero::jsonb ->> 'rarity')::integer` : sql`json_extract(hero, '$.rarity')`;
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('fight_tally')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('bin', 'integer', (c) => c.notNull())
        .addColumn('fights', 'bigint', (c) => c.notNull())
        .addColumn('won', 'bigint', (c) => c.notNull())
        .addColumn('stated', 'double precision', (c) => c.notNull())
        .addPrimaryKeyConstraint('fight_tally_pk', ['kind', 'bin'])
        .addCheckConstraint('fight_tally_sound', sql`bin between 0 and 99 and won between 0 and fights`)
        .execute();
      await db.schema
        .createTable('summon_tally')
        .addColumn('rarity', 'integer', (c) => c.primaryKey())
        .addColumn('drawn', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('balance_measures')
        .addColumn('rules', 'text', (c) => c.primaryKey())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await sql`insert into fight_tally (kind, bin, fights, won, stated)
        select kind, ${bin}, count(*), sum(case when status = 'won' then 1 else 0 end), sum(p)
        from (
          select location_type as kind, status, ${probability} as p from battles
          where kind = 'auto' and status in ('won', 'lost') and result is not null
            and location_type in ('random', 'arena', 'dungeon')
        ) fought
        where p is not null
        group by kind, ${bin}`.execute(db);
      await sql`insert into summon_tally (rarity, drawn)
        select rarity, count(*) from (
          select ${rarity} as rarity from candidates where user_id is not null and generation_id is not null
          union all
          select rarity from heroes
          where generation_id is not null and not exists (select 1 from candidates c where c.id = heroes.id)
        ) drawn
        where rarity is not null
        group by rarity`.execute(db);
    },
  };
}

/**
 * The content ids known at the last successful start, per kind a stored hero names (known-ids.ts): while all of
 * them are still in the tables, the start need not scan the heroes. Empty at first, so the next start scans.
 */
const contentIds: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('content_ids')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('id', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('content_ids_pk', ['kind', 'id'])
      .execute();
  },
};

/**
 * The daily layer (economy/daily-progress.ts): each player's day — zone and reset hour, a change waiting for its reset, and how many
 * calendar rewards they have claimed — the day's quest progress per kind, and the claims. A claim's primary key
 * (player, claim, period) is what makes it pay once: the row goes in before the credit, in one transaction.
 * Players who exist already keep UTC at 04:00 until they choose (the web sends the browser's zone at sign-up).
 */
const daily: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('users')
      .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('UTC'))
      .execute();
    await db.schema
      .alterTable('users')
      .addColumn('reset_hour', 'integer', (c) => c.notNull().defaultTo(4))
      .execute();
    await db.schema.alterTable('users').addColumn('rule_from', 'bigint').execute();
    await db.schema.alterTable('users').addColumn('day_floor', 'integer').execute();
    await db.schema
      .alterTable('users')
      .addColumn('calendar_claims', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('daily_progress')
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('period', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('daily_progress_pk', ['user_id', 'period', 'kind'])
      .execute();
    await db.schema
      .createTable('daily_claims')
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('claim', 'text', (c) => c.notNull())
      .addColumn('period', 'text', (c) => c.notNull())
      .addColumn('reward', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('daily_claims_pk', ['user_id', 'claim', 'period'])
      .execute();
    // The sweep forgets days long past (sweep.ts).
    await db.schema.createIndex('daily_progress_period').on('daily_progress').column('period').execute();
    await db.schema.createIndex('daily_claims_period').on('daily_claims').column('period').execute();
  },
};

/**
 * Answers to paying requests that carried an Idempotency-Key (idempotency.ts): one row per key, claimed before the
 * request runs (the primary key is what makes a duplicate wait, on any instance), holding the request's fingerprint
 * and, once answered, the answer to send again. The sweep forgets rows older than a day (sweep.ts).
 */
const idempotencyKeys: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('idempotency_keys')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('fingerprint', 'text', (c) => c.notNull())
      .addColumn('token', 'text', (c) => c.notNull())
      .addColumn('status', 'integer')
      .addColumn('content_type', 'text')
      .addColumn('body', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('idempotency_keys_created')
      .on('idempotency_keys')
      .column('created_at')
      .execute();
  },
};

/**
 * The altar (summoning.ts, src/game/altar.ts): each player's pity counters — pairs since their last pair holding each
 * pity rarity or better, moved in the summon's transaction — and their summon history: every paid pair's rarities
 * in drawn order and which candidate was kept (kept in keeping's transaction). Counters start at 0 and history starts
 * now: pairs paid before are not known to it.
 */
const altar: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('summon_pity')
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('rarity', 'integer', (c) => c.notNull())
      .addColumn('since_last', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('summon_pity_pk', ['user_id', 'rarity'])
      .execute();
    await db.schema
      .createTable('summon_history')
      .addColumn('generation_id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('rarities', 'text', (c) => c.notNull())
      .addColumn('floor', 'integer', (c) => c.notNull())
      .addColumn('kept', 'integer')
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('summon_history_user')
      .unique()
      .on('summon_history')
      .columns(['user_id', 'seq'])
      .execute();
  },
};

/**
 * Accounts a player has locked (passkeys.ts, sessions.ts): users.locked, kept with the passkeys in one transaction;
 * the passkeys (WebAuthn credentials: id, public key, signature counter); the sessions a passkey started (the
 * SHA-256 of the cookie's random token, never the token, with a sliding expiry); and the challenges of ceremonies
 * under way, each used once before it expires.
 */
const passkeys: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('users')
      .addColumn('locked', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('passkeys')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('public_key', 'text', (c) => c.notNull())
      .addColumn('counter', 'bigint', (c) => c.notNull())
      .addColumn('transports', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
    await db.schema.createIndex('passkeys_user').on('passkeys').column('user_id').execute();
    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
    await db.schema.createIndex('sessions_expires').on('sessions').column('expires_at').execute();
    await db.schema
      .createTable('webauthn_challenges')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('challenge', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('webauthn_challenges_expires')
      .on('webauthn_challenges')
      .column('expires_at')
      .execute();
  },
};

/**
 * Ascension and gear (heroes/hero-ascension.ts, heroes/worn-gear.ts): the pieces a hero wears — one a slot, the primary key
 * (hero, slot); a piece leaves its inventory stack (whose quantity cannot go below 0) for the hero in the same
 * transaction, so one piece is on one hero at a time — and what each star a hero rose was paid with (essence, Star
 * Shards, the spent heroes' documents), one row a star, so a reset refunds exactly that.
 */
const ascensionGear: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('hero_gear')
      .addColumn('hero_id', 'text', (c) => c.notNull())
      .addColumn('slot', 'text', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('equipped_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('hero_gear_pk', ['hero_id', 'slot'])
      .execute();
    await db.schema.createIndex('hero_gear_user').on('hero_gear').columns(['user_id', 'item_id']).execute();
    await db.schema
      .createTable('ascension_spends')
      .addColumn('hero_id', 'text', (c) => c.notNull())
      .addColumn('star', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('essence', 'integer', (c) => c.notNull())
      .addColumn('shards', 'integer', (c) => c.notNull())
      .addColumn('heroes', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('ascension_spends_pk', ['hero_id', 'star'])
      .execute();
  },
};

/**
 * The campaign (issue 30): each player's progress — how many stages they have cleared (in order), when their idle
 * income began accruing and the team it pays xp to — and its claims, one row per (player, claim, period) as the daily
 * claims: a stage's first clear ('first_clear', the stage id) and each idle claim ('idle', the instant it accrued
 * from), inserted before the credit, so each pays once whatever races it (src/server/fights/campaign-progress.ts).
 */
const campaign: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('campaign_progress')
      .addColumn('user_id', 'text', (c) => c.primaryKey())
      .addColumn('cleared', 'integer', (c) => c.notNull())
      .addColumn('idle_since', 'bigint')
      .addColumn('idle_team', 'text')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('campaign_claims')
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('claim', 'text', (c) => c.notNull())
      .addColumn('period', 'text', (c) => c.notNull())
      .addColumn('reward', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('campaign_claims_pk', ['user_id', 'claim', 'period'])
      .execute();
  },
};

/** Find a fair match's offered sets: one row a player's hero (fights/fair-matches.ts). */
const fairOffers: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('fair_offers')
      .addColumn('hero_id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('draw', 'integer', (c) => c.notNull())
      .addColumn('opponent_ids', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};

export function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return {
    '0001_schema': schema(dialect),
    '0002_content': { up: (db: AnyDb) => seedContent(db) },
    '0003_user_hero_count': heroCount,
    '0004_hero_list_index': heroListIndex,
    '0005_pending_generation': pendingGeneration,
    '0006_next_encounters': nextEncounters,
    '0007_hero_spread': heroSpread(dialect),
    '0008_one_active_battle': oneActiveBattle,
    '0009_replay_opened': replayOpened,
    '0010_ledger': ledger(dialect),
    '0011_ratings': ratings,
    '0012_rate_limits': rateLimits,
    '0013_fairness_tallies': fairnessTallies(dialect),
    '0014_content_ids': contentIds,
    '0015_idempotency_keys': idempotencyKeys,
    '0016_altar': altar,
    '0017_daily': daily,
    '0020_passkeys': passkeys,
    '0021_battle_record': battleRecord(dialect),
    '0022_campaign': campaign,
    '0023_ascension_gear': ascensionGear,
    '0024_no_old_records': noOldRecords,
    '0025_day_names': dayNames,
    '0026_fair_offers': fairOffers,
    '0027_quest_places': questPlaces,
    '0028_dungeon_tiers': dungeonTiers,
    '0029_claims': claims,
    '0030_tally_shards': tallyShards,
    '0031_live': live,
    '0032_live_results': liveResults,
    '0033_live_presence': livePresence,
    '0034_guilds': guilds,
    '0035_admin': admin(dialect),
    '0036_ladder_sides': ladderSides,
  };
}

/** What a start checked: whether it scanned the stored heroes and candidates (known-ids.ts says when). */
export interface StartCheck {
  scannedHeroes: boolean;
}

export async function migrate(db: AnyDb, dialect: Dialect): Promise<StartCheck> {
  // Unordered: a migration merged from a branch with a lower number than one already run still runs.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrationsFor(dialect) },
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  // Content rows mirror the tables in code: brought up to them at every start (seed-content.ts). A reference that
  // names nothing stops the start, named (content-references.ts), and leaves the database as it was: one transaction, in which
  // the ids known at the last start decide whether stored heroes are scanned, then today's are recorded
  // (known-ids.ts; behind its lock, so instances starting together take turns).
  return (db as Kysely<Database>).transaction().execute(async (trx) => {
    await lockKnownIds(trx, dialect);
    await syncContent(trx);
    const recorded = await recordedIds(trx);
    const scannedHeroes = heroScanNeeded(recorded);
    // Sparring partners are made from their ids: made anew when content ids went, before the scan looks at them.
    if (scannedHeroes) await remakeSparringPartners(trx);
    const unresolved = await unresolvedReferences(trx, dialect, scannedHeroes);
    if (unresolved.length > 0)
      throw new Error(`content references that do not resolve:\n  ${unresolved.join('\n  ')}`);
    await recordKnownIds(trx, recorded);
    return { scannedHeroes };
  });
}
