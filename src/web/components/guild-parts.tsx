// What the guild screens share: the boss's health as a bar with its numbers, a guild's join policy as a badge, a
// member's role as a badge, and what an attack paid as a list of the currencies it paid. Used by pages/guilds (the
// list and the ranking) and pages/guild (the guild, its boss); styles in ./guild-parts.css.
import type { Rewards } from '../../api/index.ts';
import type { GuildRole } from '../api/client.ts';
import { CURRENCY_NAMES, GUILD_MAX_MEMBERS } from '../../api/rules.ts';
import { formatNumber } from './format.ts';
import { Icon } from './icon.tsx';
import { Button, type ButtonVariant } from './ui.tsx';
import './guild-parts.css';

/** The boss as it stands: 'Lv 2 · Gravemaw the Undying', its health as numbers and a bar that drains. */
export function BossHealth({
  boss,
  size = 'small',
}: {
  boss: { level: number; name: string; hp: number; max_hp: number };
  size?: 'small' | 'large';
}) {
  const pct = boss.max_hp > 0 ? Math.max(0, Math.min(100, (boss.hp / boss.max_hp) * 100)) : 0;
  return (
    <div className={`boss-health boss-health--${size}`} data-testid="boss-health" data-hp={boss.hp}>
      <div className="boss-health__label">
        {size === 'small' && (
          <span className="boss-health__name" title={`Level ${boss.level}: ${boss.name}`}>
            <Icon name="boss" size={14} />
            <span className="boss-health__title">
              Lv {boss.level} · {boss.name}
            </span>
          </span>
        )}
        <span className="boss-health__numbers tabular">
          {formatNumber(boss.hp)} / {formatNumber(boss.max_hp)}
          <span className="visually-hidden"> health</span>
        </span>
      </div>
      <div className="boss-health__bar" aria-hidden="true">
        <span style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}

/**
 * Join guild (an open guild) or Ask to join (one by request), 'Request sent' once asked; disabled, saying why in its
 * title, for a full guild or a player already in a guild (`held`: while another join is under way).
 */
export function JoinGuildButton({
  guild,
  inAGuild,
  asked,
  busy,
  held = false,
  onJoin,
  variant,
}: {
  guild: { join_policy: 'open' | 'request'; members: number };
  inAGuild: boolean;
  asked: boolean;
  busy: boolean;
  held?: boolean;
  onJoin: () => void;
  variant?: ButtonVariant;
}) {
  if (asked)
    return (
      <span className="guild-sent" role="status" data-testid="request-sent">
        <Icon name="check" size={16} /> Request sent
      </span>
    );
  const ask = guild.join_policy === 'request';
  const full = guild.members >= GUILD_MAX_MEMBERS;
  return (
    <Button
      variant={variant}
      onClick={onJoin}
      busy={busy}
      busyText={ask ? 'Asking...' : 'Joining...'}
      disabled={full || inAGuild || held}
      title={
        full
          ? `This guild is full: ${GUILD_MAX_MEMBERS} members`
          : inAGuild
            ? 'You are in a guild: leave it first to join another'
            : undefined
      }
      data-testid="join-guild"
    >
      {full ? 'Full' : ask ? 'Ask to join' : 'Join guild'}
    </Button>
  );
}

export function PolicyBadge({ policy }: { policy: 'open' | 'request' }) {
  return (
    <span className={`guild-badge guild-badge--${policy}`} data-policy={policy}>
      {policy === 'open' ? 'Open' : 'By request'}
    </span>
  );
}

const ROLE_NAMES: Record<GuildRole, string> = { leader: 'Leader', officer: 'Officer', member: 'Member' };
export const roleName = (role: GuildRole): string => ROLE_NAMES[role];

export function RoleBadge({ role }: { role: GuildRole }) {
  return (
    <span className={`guild-badge guild-badge--${role}`} data-role={role}>
      {ROLE_NAMES[role]}
    </span>
  );
}

const PAID = ['gold', 'magic_essence', 'combat_tokens'] as const;

/** What an attack or a kill pays: each currency it pays, with its icon ('+220 Gold'); XP only when paid. */
export function GuildRewards({ rewards, label }: { rewards: Rewards; label: string }) {
  const paid = PAID.filter((c) => rewards[c] > 0);
  return (
    <ul className="guild-rewards tabular" aria-label={label}>
      {paid.map((c) => (
        <li key={c} data-reward={c}>
          <Icon name={c} size={16} className={`guild-rewards__icon guild-rewards__icon--${c}`} />
          <strong>+{formatNumber(rewards[c])}</strong> <span>{CURRENCY_NAMES[c]}</span>
        </li>
      ))}
      {rewards.xp_per_hero > 0 && (
        <li data-reward="xp">
          <Icon name="sparkles" size={16} className="guild-rewards__icon" />
          <strong>+{formatNumber(rewards.xp_per_hero)}</strong> <span>XP per hero</span>
        </li>
      )}
    </ul>
  );
}

/**
 * A refusal's text as a sentence: the server's field rules start in lower case ("a guild's name is 3–24
 * characters"); shown alone in a box, they begin with a capital.
 */
export const sentence = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
