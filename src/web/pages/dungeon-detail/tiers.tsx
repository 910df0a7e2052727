// A dungeon's tiers on its page: each tier with its foes and the team power it recommends (GET /api/dungeons), open
// ones choosable, the next locked one saying what opens it ('Clear tier 2 in any dungeon, or bring a team of 2,160
// power, to open tier 3'), cleared ones marked (GET /api/dungeon-tiers). Of many open tiers the deepest SHOWN_OPEN are
// listed (an easier one on a tap), and the locked ones past the next are a line, so the chance stays near on a phone.
// The chosen tier is the one Enter Dungeon fights; under the list, its first floor's chance and pay for the team the
// picker starts from (session.ts fieldedTeam: the last, else the strongest four), before the run starts — the picker
// then shows them for the team picked.
// State: ./ctrl.ts.
import type { DungeonTier, PlayerTier } from '../../../api/index.ts';
import type { OddsView } from '../../api/hooks.ts';
import { WinChance, WinPays, clearBonusNote } from '../../components/win-chance.tsx';
import { useState } from 'react';
import { Icon } from '../../components/icon.tsx';
import { Button } from '../../components/ui.tsx';

const stars = (t: DungeonTier) =>
  t.rarity_min === t.rarity_max ? `${t.rarity_min}★` : `${t.rarity_min}–${t.rarity_max}★`;

/** What a tier's foes are, in a few words: 'Level 10 · 3–4★ · trained 12'. */
export function tierFoesText(t: DungeonTier): string {
  return `Level ${t.level} · ${stars(t)}${t.training > 0 ? ` · trained ${t.training}` : ''}`;
}

/** How many of the deepest open tiers the list shows before 'Show easier tiers'. */
export const SHOWN_OPEN = 6;

export function TierChooser({
  tiers,
  mine,
  chosen,
  onChoose,
  odds,
}: {
  tiers: readonly DungeonTier[];
  /** the player's tiers (open, cleared); undefined while unread: tier 1 alone is open */
  mine: readonly PlayerTier[] | undefined;
  chosen: number;
  onChoose: (tier: number) => void;
  /** the chosen tier's first floor for the player's last team, or null without one */
  odds: OddsView | null;
}) {
  const state = (tier: number) =>
    mine?.find((t) => t.tier === tier) ?? {
      tier,
      open: tier === 1,
      cleared: false,
      opens_at_power: undefined,
    };
  const [allShown, showAll] = useState(false);
  const open = tiers.filter((t) => state(t.tier).open);
  const nextLocked = tiers.find((t) => !state(t.tier).open);
  const easier = allShown ? [] : open.slice(0, -SHOWN_OPEN).filter((t) => t.tier !== chosen);
  const shown = [...open.filter((t) => !easier.includes(t)), ...(nextLocked ? [nextLocked] : [])];
  const beyond = nextLocked ? tiers.filter((t) => t.tier > nextLocked.tier) : [];
  return (
    <section className="dungeon-tiers panel" aria-labelledby="dungeon-tiers">
      <h2 id="dungeon-tiers">Tiers</h2>
      <p className="muted dungeon-tiers__lead">
        Clear a tier in any dungeon to open the next in all, or grow strong enough for it: the same foes,
        stronger, paying more.
      </p>
      <div className="dungeon-tiers__list" role="radiogroup" aria-labelledby="dungeon-tiers">
        {shown.map((t) => {
          const s = state(t.tier);
          const selected = s.open && t.tier === chosen;
          return (
            <button
              key={t.tier}
              type="button"
              role="radio"
              aria-checked={selected}
              disabled={!s.open}
              className={`dungeon-tier${selected ? ' dungeon-tier--chosen' : ''}${s.open ? '' : ' dungeon-tier--locked'}`}
              data-testid={`tier-${t.tier}`}
              onClick={() => onChoose(t.tier)}
            >
              <span className="dungeon-tier__name">
                Tier {t.tier}
                {s.cleared && (
                  <span className="dungeon-tier__cleared">
                    <Icon name="check" size={14} /> Cleared
                  </span>
                )}
                {!s.open && <span className="dungeon-tier__locked">Locked</span>}
              </span>
              <span className="dungeon-tier__foes tabular">{tierFoesText(t)}</span>
              <span className="dungeon-tier__power tabular">
                Power {t.recommended_power.toLocaleString('en-US')} recommended
              </span>
              {!s.open && (
                <span className="dungeon-tier__opens">
                  Clear tier {t.tier - 1} in any dungeon, or bring a team of{' '}
                  {(s.opens_at_power ?? t.recommended_power).toLocaleString('en-US')} power, to open tier{' '}
                  {t.tier}
                </span>
              )}
            </button>
          );
        })}
      </div>
      {(easier.length > 0 || beyond.length > 0) && (
        <p className="dungeon-tiers__more muted">
          {easier.length > 0 && (
            <Button variant="ghost" onClick={() => showAll(true)}>
              Show {easier.length === 1 ? 'an easier tier' : `${easier.length} easier tiers`}
            </Button>
          )}
          {beyond.length > 0 && (
            <span data-testid="tiers-beyond">
              {beyond.length === 1
                ? `Tier ${beyond[0].tier} opens after that.`
                : `Tiers ${beyond[0].tier}–${beyond[beyond.length - 1].tier} open one by one after that, each stronger.`}
            </span>
          )}
        </p>
      )}
      <div className="dungeon-tiers__chance" data-testid="tier-chance">
        <p className="dungeon-tiers__chosen">
          Tier {chosen}
          {odds ? ', floor 1 with your team:' : ': pick a team to see your chance.'}
        </p>
        {odds && (
          <>
            <WinChance odds={odds} />
            <WinPays odds={odds} note={clearBonusNote} />
          </>
        )}
      </div>
    </section>
  );
}
