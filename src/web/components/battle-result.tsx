// Fight results shared by /arena, /dungeons/{id} (inline) and /combat: the chance bar with its roll marker, the
// rewards and level-ups list, and the result panel (VICTORY! / DEFEAT, Win Chance, Dice Roll, Battle Narrative,
// Rewards Earned): whole percentages, 50 when missing; a roll to the decimals that tell it from the line. Styles in ./battle-result.css.
import { CURRENCY_NAMES } from '../../api/rules.ts';
import { ButtonLink } from './ui.tsx';
import type { ReactNode } from 'react';
import { formatNumber, rollFigures, rollText, type RollFigures } from './format.ts';
import { Icon } from './icon.tsx';
import { isWin, levelUpName, type FightResult } from '../api/battle-hooks.ts';
import './battle-result.css';

/** The story of a fight: its description, else the matching scenario text. */
function narrativeOf(r: FightResult): string {
  if (r.description && r.description.trim()) return r.description;
  const s = r.scenarios;
  return (isWin(r.status) ? s?.win : s?.lose) ?? '';
}

/** Battle Narrative: the story of a fight, when it has one (the result panel and /combat). */
export function BattleNarrative({ result }: { result: FightResult }) {
  const story = narrativeOf(result);
  if (!story) return null;
  return (
    <div className="fight-result__story">
      <h3>Battle Narrative</h3>
      <p data-testid="narrative">{story}</p>
    </div>
  );
}

/**
 * The chance as a band on 0..100: a roll above 100 − chance wins. The marker shows where the roll fell, on the
 * side the outcome says (the figures come from rollFigures, so they agree with it).
 */
export function ChanceBar({ figures, won }: { figures: RollFigures; won: boolean }) {
  const { decimals, chance } = figures;
  const needed = Math.max(0, Math.min(100, figures.needed));
  const rolled = rollText(figures.rolled, decimals);
  const neededText = rollText(needed, decimals);
  const at = Math.max(0, Math.min(100, figures.rolled));
  return (
    <div
      className="chance-bar"
      role="img"
      aria-label={`Win chance ${chance}%, roll needed above ${neededText}, rolled ${rolled}`}
      data-chance={chance}
      data-roll={rolled}
      data-outcome={won ? 'won' : 'lost'}
    >
      <div className="chance-bar__track">
        <span className="chance-bar__lose" style={{ width: `${needed}%` }} />
        <span className="chance-bar__win" style={{ width: `${100 - needed}%` }} />
        <span
          className={`chance-bar__marker${won ? ' chance-bar__marker--won' : ''}`}
          style={{ left: `${at}%` }}
        >
          <span className="chance-bar__marker-label tabular">{rolled}</span>
        </span>
      </div>
      <div className="chance-bar__scale tabular" aria-hidden="true">
        <span>0</span>
        {needed > 6 && needed < 94 && (
          <span style={{ left: `${needed}%` }} className="chance-bar__needed">
            {neededText}
          </span>
        )}
        <span>100</span>
      </div>
    </div>
  );
}

/** Rewards Earned: gold, XP per hero, essence and tokens when paid, and the heroes that levelled up. */
/** `all` lists every currency (the /combat screen), else essence and tokens only when paid. */
export function RewardsList({
  result,
  title = 'Rewards Earned',
  all = false,
}: {
  result: FightResult;
  title?: string;
  all?: boolean;
}) {
  const r = result.rewards;
  const ups = result.level_ups ?? [];
  return (
    <section className="rewards" aria-label={title} data-testid="rewards">
      <h3 className="rewards__title">{title}</h3>
      <ul className="rewards__list tabular">
        <li data-reward="gold">
          <Icon name="gold" size={18} className="rewards__icon rewards__icon--gold" />
          <span>{CURRENCY_NAMES.gold}</span>
          <strong>+{formatNumber(r?.gold ?? 0)}</strong>
        </li>
        <li data-reward="xp">
          <Icon name="sparkles" size={18} className="rewards__icon" />
          <span>XP per Hero</span>
          <strong>+{formatNumber(r?.xp_per_hero ?? 0)}</strong>
        </li>
        {(all || !!r?.magic_essence) && (
          <li data-reward="magic_essence">
            <Icon name="sparkles" size={18} className="rewards__icon rewards__icon--essence" />
            <span>{CURRENCY_NAMES.magic_essence}</span>
            <strong>+{formatNumber(r?.magic_essence ?? 0)}</strong>
          </li>
        )}
        {(all || !!r?.combat_tokens) && (
          <li data-reward="combat_tokens">
            <Icon name="arena" size={18} className="rewards__icon rewards__icon--tokens" />
            <span>{CURRENCY_NAMES.combat_tokens}</span>
            <strong>+{formatNumber(r?.combat_tokens ?? 0)}</strong>
          </li>
        )}
      </ul>
      {ups.length > 0 && (
        // A moment: each hero that levelled up rises in as a card with its new level and what grew, and screen
        // readers hear it (role="status"). The motion is CSS, off under prefers-reduced-motion.
        <div className="level-ups" role="status" data-testid="level-up-moment">
          <h4>Level Up!</h4>
          <ul>
            {ups.map((l, i) => (
              <li
                key={(l.hero_id ?? '') + i}
                className="level-up"
                data-level-up={l.hero_id}
                style={{ '--i': i } as React.CSSProperties}
              >
                {l.portrait_url && (
                  <img className="level-up__portrait" src={l.portrait_url} alt="" width={48} height={48} />
                )}
                <span className="level-up__text">
                  <strong>{levelUpName(l)}</strong> reached level{' '}
                  <strong className="level-up__level tabular">{l.new_level}</strong>
                  {l.gains && (
                    <span className="level-up__gains tabular">
                      +{formatNumber(l.gains.max_hp)} HP · +{formatNumber(l.gains.atk)} ATK · +
                      {formatNumber(l.gains.def)} DEF · +{formatNumber(l.gains.spd)} SPD
                    </span>
                  )}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

/** The result panel of /arena and the dungeon detail page. */
export function FightResultPanel({
  result,
  children,
  heading,
  moment,
  details,
}: {
  result: FightResult;
  children?: ReactNode;
  heading?: ReactNode;
  /** A moment to show with the result (a cleared dungeon, the boss ahead): above the story. */
  moment?: ReactNode;
  /** What else the fight settled (an arena duel's ladder ratings): after the rewards. */
  details?: ReactNode;
}) {
  const won = isWin(result.status);
  const figures = rollFigures(result.probability, result.roll, won);
  return (
    <section
      className={`fight-result panel fight-result--${won ? 'won' : 'lost'}`}
      data-testid="fight-result"
      data-outcome={won ? 'won' : 'lost'}
      aria-live="polite"
    >
      {heading}
      <h2 className="fight-result__headline">{won ? 'VICTORY!' : 'DEFEAT'}</h2>
      <dl className="fight-result__numbers tabular">
        <div>
          <dt>Win Chance</dt>
          <dd data-testid="win-chance">{figures.chance}%</dd>
        </div>
        <div>
          <dt>Dice Roll</dt>
          <dd data-testid="dice-roll">{rollText(figures.rolled, figures.decimals)}</dd>
        </div>
      </dl>
      <ChanceBar figures={figures} won={won} />
      {moment}
      <BattleNarrative result={result} />
      <WatchReplay battleId={result.battle_id} />
      {won && <RewardsList result={result} />}
      <StakeLost result={result} />
      {details}
      {children && <div className="fight-result__actions">{children}</div>}
    </section>
  );
}

/** A lost fight's stake: the gold it took (nothing shown when it took none). */
export function StakeLost({ result }: { result: FightResult }) {
  if (isWin(result.status) || !result.stake_lost) return null;
  return (
    <p className="fight-result__stake" data-testid="stake-lost">
      The loss cost its stake: {formatNumber(result.stake_lost)} gold.
    </p>
  );
}

/** 'Watch replay' under a result: the fight played again from its facts (/replay/{battleId}, a shareable link). */
export function WatchReplay({ battleId }: { battleId: string | undefined | null }) {
  if (!battleId) return null;
  return (
    <ButtonLink
      to={`/replay/${battleId}`}
      variant="ghost"
      className="watch-replay"
      data-testid="watch-replay"
    >
      Watch replay
    </ButtonLink>
  );
}
