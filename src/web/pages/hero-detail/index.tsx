// /heroes/{heroId} — hero detail, with deletion, the ability reroll and the XP table (docs/game-rules.md).
// Each stat is the one it fights with (its gear, traits and passives at work: the server's fighting_stats), its own
// below where they differ, and its own spread ('Attack 54 +4%'). Its arena ladder rating and record have a panel of their
// own (ArenaStanding). Works for NPCs (npc_ ids) too. Delete and Reroll are shown to everyone; the server enforces
// ownership. State and actions: ./ctrl.ts.
import { Link } from 'react-router';
import type { Hero } from '../../../api/index.ts';
import { isProvisional, MAX_LEVEL, REROLL_COST, xpToNextLevel } from '../../../api/rules.ts';
import { errorText, isNotFound } from '../../api/client.ts';
import { RarityStars, roleLine } from '../../components/hero-card.tsx';
import { Icon } from '../../components/icon.tsx';
import { PROVISIONAL_TEXT, ProvisionalMark } from '../../components/ladder.tsx';
import { formatDeviation, formatNumber, formatRating, formatSpread } from '../../components/format.ts';
import {
  Button,
  ButtonLink,
  ErrorBox,
  Loading,
  Modal,
  Skeleton,
  TextSkeleton,
} from '../../components/ui.tsx';
import { useHeroDetailCtrl } from './ctrl.ts';
import { AscensionPanel } from './ascension-panel.tsx';
import { GearPanel } from './gear-panel.tsx';
import { TrainingPanel } from './training-panel.tsx';
import './hero-detail.css';

/** An icon counts only when it is served by our API. */
const isApiIcon = (icon: string | undefined): icon is string => !!icon && icon.startsWith('/api/');

function Trait({ kind, trait, icon }: { kind: 'boon' | 'bane'; trait: Hero['boon']; icon: string }) {
  const name = typeof trait === 'string' ? trait : trait.name;
  const description = typeof trait === 'string' ? '' : trait.description;
  return (
    <li className={`trait trait--${kind}`} data-trait={kind}>
      <span className="trait__icon">
        {isApiIcon(icon) ? (
          <img src={icon} alt="" width={32} height={32} />
        ) : kind === 'boon' ? (
          <Icon name="check" size={22} label="Boon" />
        ) : (
          <Icon name="cross" size={22} label="Bane" />
        )}
      </span>
      <span>
        <span className="trait__kind">{kind === 'boon' ? 'Boon' : 'Bane'}</span>
        <strong className="trait__name">{name}</strong>
        {description && <span className="trait__desc">{description}</span>}
      </span>
    </li>
  );
}

function XpBar({ hero }: { hero: Hero }) {
  const need = xpToNextLevel(hero.level);
  const pct = need ? Math.min(100, Math.round((hero.xp / need) * 100)) : 100;
  return (
    <div className="xp">
      <div className="xp__label">
        <span>Experience</span>
        <span className="tabular">
          {hero.xp} / {need} XP
        </span>
      </div>
      <div
        className="xp__track"
        role="progressbar"
        aria-label="Experience to next level"
        aria-valuemin={0}
        aria-valuemax={need}
        aria-valuenow={hero.xp}
      >
        <div className="xp__fill" style={{ width: `${pct}%` }} />
      </div>
      <p className="xp__next muted">Next: level {hero.level + 1}</p>
    </div>
  );
}

const STATS = [
  { key: 'max_hp', label: 'Health', icon: 'hp' },
  { key: 'atk', label: 'Attack', icon: 'atk' },
  { key: 'def', label: 'Defense', icon: 'def' },
  { key: 'spd', label: 'Speed', icon: 'spd' },
] as const;

/** The hero's own spread on one stat, as the percent it is. */
function SpreadChip({ pct, stat }: { pct: number; stat: string }) {
  const dir = pct > 0 ? 'up' : pct < 0 ? 'down' : 'even';
  return (
    <span
      className={`spread-chip spread-chip--${dir}`}
      data-spread={pct}
      title={`${stat}: ${formatSpread(pct)} from the base of this race, class, type, rarity and level`}
    >
      {formatSpread(pct)}
    </span>
  );
}

/** The hero's standing on the arena ladder: rating ± deviation, ladder score, wins and losses. */
function ArenaStanding({ hero }: { hero: Hero }) {
  const r = hero.rating;
  if (!r) return null;
  const first = hero.name.split(' ')[0];
  const fights = r.wins + r.losses;
  const npc = hero.id.startsWith('npc_');
  return (
    <section className="panel" data-testid="hero-rating" aria-labelledby="hero-ladder-title">
      <h2 id="hero-ladder-title">Arena Ladder</h2>
      <dl className="hero-ladder__grid tabular">
        <div className="hero-ladder__tile">
          <dt>
            <Icon name="ladder" size={16} /> Rating
          </dt>
          <dd>
            <span data-testid="hero-rating-value">{formatRating(r.rating)}</span>
            <span className="muted hero-ladder__rd">{formatDeviation(r.rd)}</span>
            <ProvisionalMark rd={r.rd} long />
          </dd>
        </div>
        <div className="hero-ladder__tile">
          <dt>Ladder score</dt>
          <dd>{formatNumber(Math.round(r.rating - 2 * r.rd))}</dd>
        </div>
        <div className="hero-ladder__tile">
          <dt>Wins</dt>
          <dd data-testid="hero-wins">{r.wins}</dd>
        </div>
        <div className="hero-ladder__tile">
          <dt>Losses</dt>
          <dd data-testid="hero-losses">{r.losses}</dd>
        </div>
      </dl>
      <p className="muted hero-ladder__note">
        {fights === 0
          ? npc
            ? `${first} has not fought in the arena yet: it starts from the rating its level is worth, ± ${Math.round(r.rd)} until duels prove it.`
            : `${first} has not fought in the arena yet: every hero starts at 1500 ± 350, and each duel narrows the ±.`
          : `${fights} arena duel${fights === 1 ? '' : 's'}, ${Math.round((r.wins / fights) * 100)}% won. The score is the rating less twice its ± — the leaderboard's order.`}{' '}
        {isProvisional(r.rd) && `${PROVISIONAL_TEXT} `}
        <Link to="/arena/leaderboard" className="hero-ladder__link">
          See the leaderboard →
        </Link>
      </p>
    </section>
  );
}

function DetailSkeleton() {
  return (
    <Loading label="Loading hero">
      <div className="hero-detail">
        <Skeleton className="hero-detail__portrait-skel" height={320} radius={16} />
        <div className="stack">
          <Skeleton height={34} width="60%" />
          <TextSkeleton lines={4} />
          <Skeleton height={90} />
        </div>
      </div>
    </Loading>
  );
}

export default function HeroDetailPage() {
  const ctrl = useHeroDetailCtrl();
  const { hero, asking, deleting, rerolling } = ctrl;
  const back = (
    <Link to="/heroes" className="back-link" onClick={ctrl.goBack}>
      ← Back
    </Link>
  );

  if (hero.isPending) {
    return (
      <>
        {back}
        <DetailSkeleton />
      </>
    );
  }
  if (hero.error && !hero.data) {
    return (
      <div className="stack">
        {back}
        {isNotFound(hero.error) ? (
          <div className="empty-state panel">
            <strong>Hero not found</strong>
            <ButtonLink to="/heroes">Return to Heroes</ButtonLink>
          </div>
        ) : (
          <ErrorBox>{errorText(hero.error, 'Failed to fetch hero details')}</ErrorBox>
        )}
      </div>
    );
  }
  const h = hero.data!;

  const rarity = Math.min(5, Math.max(1, h.rarity));
  // What it fights with (the server's fighting_stats), its own stats beside them where they differ.
  const fighting = h.fighting_stats ?? h;
  // A hero rests at full health: shown full of the health it fights with.
  const hpShown = h.hp >= h.max_hp ? fighting.max_hp : h.hp;
  const hpPct = fighting.max_hp ? Math.min(100, Math.round((hpShown / fighting.max_hp) * 100)) : 100;
  const className = typeof h.class === 'string' ? h.class : (h.class as { name: string }).name;

  return (
    <div className="stack">
      <div className="hero-detail__top">{back}</div>
      {ctrl.error && <ErrorBox onDismiss={ctrl.dismissError}>{ctrl.error}</ErrorBox>}

      <article className={`hero-detail rarity-${rarity}`} data-hero-id={h.id}>
        <div className="hero-detail__portrait">
          <img src={h.portrait_url} alt={`Portrait of ${h.name}`} width={200} height={240} />
        </div>
        <div className="hero-detail__info">
          <h1 className="hero-detail__name">{h.name}</h1>
          <p className="hero-detail__role">{roleLine({ level: h.level, race: h.race, class: className })}</p>
          <dl className="facts">
            <div>
              <dt>Race</dt>
              <dd>{h.race}</dd>
            </div>
            <div>
              <dt>Class</dt>
              <dd>{className}</dd>
            </div>
            <div>
              <dt>Type</dt>
              <dd className={`type-${h.type.toLowerCase()}`}>
                <Icon name={h.type} size={16} /> {h.type}
              </dd>
            </div>
            <div>
              <dt>Level</dt>
              <dd className="tabular">{h.level}</dd>
            </div>
            <div>
              <dt>Rarity</dt>
              <dd>
                <RarityStars rarity={rarity} size={16} />
              </dd>
            </div>
            <div>
              <dt>Role</dt>
              {/* The roles are the hero types themselves: Tank, Damage, Support. */}
              <dd data-testid="hero-role">{h.type}</dd>
            </div>
          </dl>
          {h.description && <p className="hero-detail__desc">{h.description}</p>}
        </div>
      </article>

      <section className="panel" aria-labelledby="hero-stats-title">
        <h2 id="hero-stats-title">Statistics</h2>
        <dl className="stat-grid tabular" data-testid="hero-stats">
          {STATS.map(({ key, label, icon }) => {
            const fights = fighting[key];
            return (
              <div key={key} className={`stat${key === 'max_hp' ? ' stat--hp' : ''}`} data-stat={key}>
                <dt>
                  <Icon name={icon} size={16} /> {label}
                </dt>
                <dd>
                  <span data-testid={`stat-${key}`}>
                    {key === 'max_hp' ? `${hpShown}/${fights}` : fights}
                  </span>
                  <SpreadChip pct={h.spread[key]} stat={label} />
                  {/* inside the dd: a definition list's group holds only dt and dd */}
                  {fights !== h[key] && (
                    <span className="stat__own muted" data-testid={`stat-own-${key}`}>
                      own {h[key]}
                    </span>
                  )}
                </dd>
                {key === 'max_hp' && (
                  <div className="stat__bar" aria-hidden="true">
                    <span style={{ width: `${hpPct}%` }} />
                  </div>
                )}
              </div>
            );
          })}
        </dl>
        {STATS.some(({ key }) => fighting[key] !== h[key]) && (
          <p className="muted hero-detail__fighting-note" data-testid="fighting-note">
            These are the numbers {h.name.split(' ')[0]} fights with: its own stats (“own”) with its boon,
            bane, passive abilities and gear at work.
          </p>
        )}
        <p className="muted hero-detail__spread-note">
          {Object.values(h.spread).some((p) => p !== 0) ? (
            <>
              The percentages are {h.name.split(' ')[0]}’s own spread: rolled once at summoning, between −5%
              and +5% on each stat, from the base of every {h.race} {className} of this type, rarity and
              level. It stays through level-ups and rerolls.
            </>
          ) : (
            <>
              {h.name.split(' ')[0]} has no spread: the stats are the base of every {h.race} {className} of
              this type, rarity and level (heroes summoned before spreads existed keep theirs as they were).
            </>
          )}
        </p>
        {h.level < MAX_LEVEL && <XpBar hero={h} />}
      </section>

      {ctrl.userId === h.user_id && <AscensionPanel hero={h} userId={ctrl.userId} />}
      {ctrl.userId === h.user_id && <TrainingPanel hero={h} userId={ctrl.userId} />}
      <GearPanel hero={h} userId={ctrl.userId} />

      <ArenaStanding hero={h} />

      <section className="panel">
        <h2>Traits</h2>
        <ul className="traits">
          <Trait kind="boon" trait={h.boon} icon={h.boon_icon} />
          <Trait kind="bane" trait={h.bane} icon={h.bane_icon} />
        </ul>
      </section>

      <section className="panel">
        <div className="section-head">
          <h2>Abilities</h2>
          <Button
            variant="secondary"
            onClick={ctrl.askReroll}
            busy={rerolling}
            busyText="Rerolling..."
            title={`Costs ${REROLL_COST} magic essence`}
          >
            <Icon name="reroll" size={16} /> Reroll Abilities
          </Button>
        </div>
        <ul className="abilities">
          {h.abilities.map((a) => (
            <li key={a.id + a.name} className={`ability ability--${a.type}`}>
              {isApiIcon(a.icon) ? (
                <img src={a.icon} alt="" width={44} height={44} />
              ) : (
                <span className="ability__noicon" />
              )}
              <div>
                <div className="ability__head">
                  <strong>{a.name}</strong>
                  <span className={`ability__type${a.type === 'ultimate' ? ' ability__type--ultimate' : ''}`}>
                    {a.type}
                  </span>
                  <span className="muted tabular">Lv {a.level}</span>
                </div>
                <p>{a.description}</p>
              </div>
            </li>
          ))}
        </ul>
        <p className="muted hero-detail__cost">
          Rerolling gives three new abilities — none of the three above — for {REROLL_COST} magic essence.
          Stats, spread, level and XP stay.
        </p>
      </section>

      {(h.race_description || h.class_description) && (
        <section className="panel lore">
          <h2>Lore</h2>
          {h.race_description && (
            <p>
              <strong>{h.race}.</strong> {h.race_description}
            </p>
          )}
          {h.class_description && (
            <p>
              <strong>{className}.</strong> {h.class_description}
            </p>
          )}
        </section>
      )}

      {/* A quiet control, away from the main actions: deleting is rare and final. */}
      <div className="hero-detail__danger">
        <Button variant="ghost" onClick={ctrl.askDelete}>
          <Icon name="trash" size={16} /> Delete Hero
        </Button>
      </div>

      {asking === 'reroll' && (
        <Modal
          title="Reroll Abilities?"
          onClose={ctrl.closeQuestion}
          footer={
            <>
              <Button variant="secondary" onClick={ctrl.closeQuestion} disabled={rerolling}>
                Cancel
              </Button>
              <Button onClick={() => ctrl.reroll(h.id)} busy={rerolling} busyText="Rerolling...">
                Reroll for {REROLL_COST} essence
              </Button>
            </>
          }
        >
          <p>
            {h.name}&rsquo;s three abilities are replaced by three new ones, for {REROLL_COST} magic essence
            (you have {ctrl.essence}). The abilities above are gone for good.
          </p>
        </Modal>
      )}

      {asking === 'delete' && (
        <Modal
          title="Delete Hero?"
          onClose={ctrl.closeQuestion}
          footer={
            <>
              <Button variant="secondary" onClick={ctrl.closeQuestion} disabled={deleting}>
                Cancel
              </Button>
              <Button
                variant="danger"
                onClick={() => ctrl.remove(h.id)}
                busy={deleting}
                busyText="Deleting..."
              >
                Delete
              </Button>
            </>
          }
        >
          <p>{h.name} will be gone for good. This cannot be undone.</p>
        </Modal>
      )}
    </div>
  );
}
