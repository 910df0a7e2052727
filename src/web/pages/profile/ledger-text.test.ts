// The History's words and rows: one change's entries become one row; every reason reads as words; links lead to
// the replay, the hero, the item.
import { describe, expect, it } from 'vitest';
import { LEDGER_REASONS, type LedgerEntry } from '../../../api/ledger.ts';
import { entryTime, ledgerRows, reasonText, rowLink, rowPlace, signedAmount } from './ledger-text.ts';

let next = 100;
const entry = (e: Partial<LedgerEntry>): LedgerEntry => ({
  id: String(next--),
  currency: 'gold',
  delta: 10,
  balance_after: 510,
  reason: 'arena_reward',
  ref: 'b_1',
  subject: { kind: 'battle', id: 'b_1', name: 'Arena' },
  created_at: 1_700_000_000,
  ...e,
});

describe('ledgerRows', () => {
  it('groups one change’s entries (same reason, ref and second) into one row, currencies in order', () => {
    const rows = ledgerRows([
      entry({ currency: 'combat_tokens', delta: 1 }),
      entry({ currency: 'gold', delta: 35 }),
      entry({ currency: 'magic_essence', delta: 5 }),
      entry({ reason: 'purchase', ref: 'flask', currency: 'gold', delta: -150, subject: null }),
      entry({ reason: 'purchase', ref: 'flask', currency: 'gold', delta: -150, subject: null }),
    ]);
    expect(rows.map((r) => [r.reason, r.changes.map((c) => `${c.currency}${c.delta}`)])).toEqual([
      ['arena_reward', ['gold35', 'magic_essence5', 'combat_tokens1']],
      // Two purchases in one second stay two rows: a row holds each currency once.
      ['purchase', ['gold-150']],
      ['purchase', ['gold-150']],
    ]);
  });

  it('keeps apart entries of different fights, reasons or seconds', () => {
    const rows = ledgerRows([
      entry({ reason: 'dungeon_clear', currency: 'gold' }),
      entry({ reason: 'dungeon_reward', currency: 'magic_essence' }),
      entry({ reason: 'dungeon_reward', ref: 'b_2', currency: 'gold' }),
      entry({ reason: 'dungeon_reward', ref: 'b_2', currency: 'combat_tokens', created_at: 1_699_999_999 }),
    ]);
    expect(rows).toHaveLength(4);
  });
});

describe('reasonText and rowLink', () => {
  it('says every reason in words', () => {
    for (const reason of LEDGER_REASONS) {
      const text = reasonText({ reason, subject: null });
      expect(text, reason).toMatch(/^[A-Z][a-z]+( [a-z]+)*$/);
      expect(text).not.toBe('Balance changed');
    }
  });

  it('names the item bought or used, and leads to it in the inventory', () => {
    const subject = { kind: 'item' as const, id: 'flask_of_essence', name: 'Flask of Essence' };
    expect(reasonText({ reason: 'purchase', subject })).toBe('Bought Flask of Essence');
    expect(reasonText({ reason: 'item_use', subject })).toBe('Used Flask of Essence');
    expect(rowLink({ subject })).toEqual({ to: '/inventory?item=flask_of_essence', label: 'In inventory' });
  });

  it('leads a fight to its replay (its place shown), a summon or reroll to the hero', () => {
    const battle = { kind: 'battle' as const, id: 'b_9', name: 'The Sunken Mines' };
    expect(reasonText({ reason: 'dungeon_clear', subject: battle })).toBe('Dungeon cleared');
    expect(rowLink({ subject: battle })).toEqual({ to: '/replay/b_9', label: 'Watch replay' });
    expect(rowPlace({ subject: battle })).toBe('The Sunken Mines');
    const hero = { kind: 'hero' as const, id: 'h_1', name: 'Aldra Vey' };
    expect(reasonText({ reason: 'summon', subject: hero })).toBe('Summoned heroes');
    expect(rowLink({ subject: hero })).toEqual({ to: '/heroes/h_1', label: 'Aldra Vey' });
    expect(rowPlace({ subject: hero })).toBeNull();
    expect(rowLink({ subject: null })).toBeNull();
  });
});

describe('signedAmount and entryTime', () => {
  it('signs and groups amounts with a true minus', () => {
    expect(signedAmount(35)).toBe('+35');
    expect(signedAmount(-1500)).toBe('\u22121,500');
  });

  it('says today’s times short, this year’s with the day, older ones with the year', () => {
    const now = new Date(2026, 5, 15, 18, 0);
    const at = (d: Date) => Math.floor(d.getTime() / 1000);
    expect(entryTime(at(new Date(2026, 5, 15, 9, 5)), undefined, now)).toBe('Today 09:05');
    expect(entryTime(at(new Date(2026, 2, 3, 14, 5)), undefined, now)).toBe('Mar 3, 14:05');
    expect(entryTime(at(new Date(2025, 2, 3, 14, 5)), undefined, now)).toBe('Mar 3, 2025');
  });

  it('reads times on the clock of the player’s zone, whatever the device’s', () => {
    // 03:30 UTC on Dec 2 is 22:30 on Dec 1 in New York and 12:30 on Dec 2 in Tokyo.
    const t = Date.UTC(2026, 11, 2, 3, 30) / 1000;
    const now = new Date(Date.UTC(2026, 11, 2, 4, 0));
    expect(entryTime(t, 'America/New_York', now)).toBe('Today 22:30');
    expect(entryTime(t, 'Asia/Tokyo', now)).toBe('Today 12:30');
    expect(entryTime(t, 'America/New_York', new Date(Date.UTC(2026, 11, 2, 12, 0)))).toBe('Dec 1, 22:30');
    expect(entryTime(t, 'UTC', now)).toBe('Today 03:30');
    expect(entryTime(t, 'Mars/Olympus', now)).toBe(entryTime(t, undefined, now)); // the device's clock
  });
});
