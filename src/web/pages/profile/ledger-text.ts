// The ledger as a player reads it (the profile's History): entries of one change grouped into one row (a fight's
// gold, essence and tokens; a new account's grant), each row's reason in words and the link to what caused it.
// The entries come from GET /api/users/{id}/ledger (src/api/ledger.ts names the reasons).
import type { LedgerEntry, LedgerReason, LedgerSubject } from '../../../api/ledger.ts';
import { CURRENCIES, type Currency } from '../../../api/rules.ts';

export interface LedgerChange {
  id: string;
  currency: Currency;
  delta: number;
  balance_after: number;
}

/** One change the player made or received: its entries (one per currency), newest rows first. */
export interface LedgerRow {
  key: string;
  reason: LedgerReason;
  ref: string | null;
  subject: LedgerSubject | null;
  created_at: number;
  changes: LedgerChange[];
}

/**
 * Entries (newest first) as rows: neighbours written by one change — same reason, ref and second, each currency
 * once — become one row, its currencies in the usual order.
 */
export function ledgerRows(entries: readonly LedgerEntry[]): LedgerRow[] {
  const rows: LedgerRow[] = [];
  for (const e of entries) {
    const last = rows.at(-1);
    const change = { id: e.id, currency: e.currency, delta: e.delta, balance_after: e.balance_after };
    if (
      last &&
      last.reason === e.reason &&
      last.ref === e.ref &&
      last.created_at === e.created_at &&
      !last.changes.some((c) => c.currency === e.currency)
    ) {
      last.changes.push(change);
      last.changes.sort((a, b) => CURRENCIES.indexOf(a.currency) - CURRENCIES.indexOf(b.currency));
    } else {
      rows.push({
        key: e.id,
        reason: e.reason,
        ref: e.ref,
        subject: e.subject,
        created_at: e.created_at,
        changes: [change],
      });
    }
  }
  return rows;
}

const FIGHTS: Partial<Record<LedgerReason, string>> = {
  battle_reward: 'Battle victory',
  arena_reward: 'Arena victory',
  dungeon_reward: 'Dungeon floor won',
  dungeon_clear: 'Dungeon cleared',
  campaign_reward: 'Campaign stage won',
  fight_stake: 'Stake of a lost fight',
  live_reward: 'Live match won',
  guild_attack: 'Guild boss attacked',
};

/** A row's reason in words: "Bought Flask of Essence", "Arena victory", "Summoned heroes" … */
export function reasonText(row: Pick<LedgerRow, 'reason' | 'subject'>): string {
  const item = row.subject?.kind === 'item' ? row.subject.name : null;
  switch (row.reason) {
    case 'opening_balance':
      return 'Opening balance';
    case 'start_grant':
      return 'Starting purse';
    case 'summon':
      return 'Summoned heroes';
    case 'reroll':
      return 'Rerolled abilities';
    case 'training':
      return 'Trained a hero';
    case 'ascension':
      return 'Ascended a hero';
    case 'ascension_reset':
      return 'Reset a hero to its summoned stars';
    case 'purchase':
      return item ? `Bought ${item}` : 'Bought an item';
    case 'item_use':
      return item ? `Used ${item}` : 'Used an item';
    case 'adjustment':
      return 'Balance adjusted';
    case 'campaign_first_clear':
      return 'Campaign stage first cleared';
    case 'idle_income':
      return 'Idle income';
    case 'guild_kill':
      return 'Guild boss felled';
    case 'admin_grant':
      return 'Granted by the operators';
    case 'admin_take':
      return 'Taken back by the operators';
    case 'daily_quest':
    case 'daily_bonus':
    case 'daily_calendar':
      // 'Daily quest: Win 3 arena duels (Dec 1)', 'Login calendar: day 3 (Dec 1)' (the server names what the reward was
      // for, and the player's day it belongs to).
      return row.subject?.kind === 'daily' ? row.subject.name : 'Daily reward';
    default:
      return FIGHTS[row.reason] ?? 'Balance changed';
  }
}

/** Where a row leads: the fight's replay, the hero, the item in the inventory; null when nothing is left to show. */
export function rowLink(row: Pick<LedgerRow, 'subject'>): { to: string; label: string } | null {
  const s = row.subject;
  if (!s) return null;
  const id = encodeURIComponent(s.id);
  if (s.kind === 'battle') return { to: `/replay/${id}`, label: 'Watch replay' };
  if (s.kind === 'hero') return { to: `/heroes/${id}`, label: s.name };
  if (s.kind === 'daily') return { to: '/daily', label: 'Daily' };
  return { to: `/inventory?item=${id}`, label: 'In inventory' };
}

/** Where a fight was (the battle's location), shown beside its time; null for everything else. */
export const rowPlace = (row: Pick<LedgerRow, 'subject'>): string | null =>
  row.subject?.kind === 'battle' ? row.subject.name : null;

/** +35 / −150 (a true minus sign), grouped thousands. */
export function signedAmount(delta: number): string {
  const abs = new Intl.NumberFormat('en-US').format(Math.abs(delta));
  return delta < 0 ? `\u2212${abs}` : `+${abs}`;
}

/**
 * Epoch seconds as a row's time, on the clock of the player's day (their zone, as the day's names and resets are;
 * the device's when it lacks that zone): "Today 14:05", "Mar 3, 14:05" this year, "Mar 3, 2025" before.
 */
export function entryTime(epochSeconds: number, timeZone?: string, now = new Date()): string {
  const zone = timeZone && zoneKnown(timeZone) ? timeZone : undefined;
  const parts = (d: Date) => {
    const out: Record<string, string> = {};
    for (const p of new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(d))
      out[p.type] = p.value;
    return out;
  };
  const at = parts(new Date(epochSeconds * 1000));
  const today = parts(now);
  const time = `${at.hour}:${at.minute}`;
  if (at.year === today.year && at.month === today.month && at.day === today.day) return `Today ${time}`;
  if (at.year === today.year) return `${at.month} ${at.day}, ${time}`;
  return `${at.month} ${at.day}, ${at.year}`;
}

function zoneKnown(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}
