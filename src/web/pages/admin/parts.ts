// The console's shared parts (index.tsx): query keys, how times and changes are written, a press's Idempotency-Key.
import { useRef } from 'react';
import type { AuditEntry } from '../../../api/admin.ts';
import { CURRENCY_NAMES, type Currency } from '../../../api/rules.ts';
import { formatNumber } from '../../components/format.ts';

export const keys = {
  session: ['admin', 'session'] as const,
  search: (q: string) => ['admin', 'search', q] as const,
  player: (id: string) => ['admin', 'player', id] as const,
  audit: ['admin', 'audit'] as const,
};

export const when = (s: number) =>
  new Date(s * 1000).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const signed = (n: number) => (n > 0 ? `+${formatNumber(n)}` : `−${formatNumber(-n)}`);
export const ACTION_TEXT: Record<AuditEntry['action'], string> = {
  grant: 'Granted',
  take: 'Took back',
  suspend: 'Suspended',
  restore: 'Restored',
};

/** What an audit row changed, in words: "Gold 120 → 620", "suspended". */
export function changeText(e: AuditEntry): string {
  if (e.action === 'grant' || e.action === 'take')
    return Object.keys(e.after)
      .map(
        (c) =>
          `${CURRENCY_NAMES[c as Currency] ?? c} ${formatNumber(Number(e.before[c]))} → ${formatNumber(Number(e.after[c]))}`,
      )
      .join(', ');
  return e.action === 'suspend' ? 'Account suspended, sessions ended' : 'Account restored';
}

/** A new Idempotency-Key for each intent; the same one for every try of it (a double tap acts once). */
export function useIntentKey(): { key: () => string; done: () => void } {
  const held = useRef<string | null>(null);
  return {
    key: () => (held.current ??= crypto.randomUUID()),
    done: () => {
      held.current = null;
    },
  };
}
