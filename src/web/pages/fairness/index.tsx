// /fairness (public, no sign-in; linked from /map, /profile and the landing page): how fair the game is, as charts
// a player reads at a glance — stated against observed win chance, stated against drawn summon rarity, and the
// balance of races, classes and types — each with a verdict line, a text alternative and the numbers behind it in
// a table. The charts (./charts.ts, Observable Plot) load after the rest of the page, so the verdicts and tables
// show at once. State, data and what the verdicts count: ./ctrl.ts. Styles in ./fairness.css.
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type {
  Balance,
  BalanceGroupEntry,
  CalibrationBucket,
  FairnessKind,
  FairnessResponse,
  Interval,
} from '../../../api/index.ts';
import { ODDS_SAMPLING } from '../../../api/rules.ts';
import { counted, formatNumber } from '../../components/format.ts';
import { Icon } from '../../components/icon.tsx';
import { ErrorBox, Skeleton } from '../../components/ui.tsx';
import { balanceVerdict, oddsVerdict, summonVerdict, useFairnessCtrl, type Charts } from './ctrl.ts';
import './fairness.css';

const pct = (x: number, digits = 1) => `${(x * 100).toFixed(digits)}%`;
/** An interval as the tables show it: '48.3–51.9%'. */
const range = (i: Interval | null) => (i ? `${(i.low * 100).toFixed(1)}–${pct(i.high)}` : '—');

const KINDS: { kind: FairnessKind; label: string }[] = [
  { kind: 'all', label: 'All fights' },
  { kind: 'arena', label: 'Arena' },
  { kind: 'dungeon', label: 'Dungeons' },
  { kind: 'random', label: 'Battles' },
  { kind: 'campaign', label: 'Campaign' },
];

/**
 * A chart drawn into a box as wide as its column (redrawn when that changes). The drawing is hidden from assistive
 * technology; the box is an image named by `label`, and the table after it holds every number.
 */
function Chart({
  charts,
  draw,
  label,
  height,
}: {
  charts: Charts | null | 'failed';
  draw: (charts: Charts, width: number) => Element;
  label: string;
  height: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const seen = new ResizeObserver(([entry]) => setWidth(Math.floor(entry.contentRect.width)));
    seen.observe(el);
    return () => seen.disconnect();
  }, []);
  const ready = charts !== null && charts !== 'failed' && width > 0;
  useEffect(() => {
    const el = box.current;
    if (!el || !ready) return;
    const svg = draw(charts, width);
    svg.setAttribute('aria-hidden', 'true');
    el.replaceChildren(svg);
  }, [charts, draw, ready, width]);
  if (charts === 'failed')
    return (
      <p className="chart__failed muted">The chart could not load: the numbers are in the table below.</p>
    );
  return (
    <div className="chart__plot" role="img" aria-label={label} data-ready={ready || undefined}>
      {!ready && <Skeleton height={height} radius={8} />}
      {/* Plot's drawing goes in here; React never renders into it. */}
      <div ref={box} className="chart__canvas" />
    </div>
  );
}

/** A table of the numbers behind a chart, scrollable on its own when wider than the phone. */
function NumbersTable({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  const id = useId();
  return (
    <div className="numbers-wrap" role="region" aria-labelledby={id} tabIndex={0}>
      <table className="numbers">
        <caption id={id}>{caption}</caption>
        <thead>
          <tr>
            {head.map((h, i) => (
              <th key={h} scope="col" className={i === 0 ? undefined : 'numbers__n'}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

function Verdict({ good, children }: { good: boolean; children: ReactNode }) {
  return (
    <p className={`verdict verdict--${good ? 'good' : 'warn'}`}>
      <Icon name={good ? 'check' : 'fair_match'} size={18} />
      <span>{children}</span>
    </p>
  );
}

function OddsSection({
  fights,
  kind,
  onKind,
  charts,
  busy,
}: {
  fights: FairnessResponse['fights'];
  kind: FairnessKind;
  onKind: (k: FairnessKind) => void;
  charts: Charts | null | 'failed';
  busy: boolean;
}) {
  const { filled, holding, good, fightsOf, wonShare } = oddsVerdict(fights);
  const draw = useMemo(
    () => (c: Charts, width: number) => c.calibrationChart(fights.buckets, width),
    [fights.buckets],
  );
  const summary =
    filled === 0
      ? ''
      : `In ${holding} of ${filled} ranges of stated chance the share won is within the 95% interval. ` +
        `Overall ${pct(fights.stated!)} stated, ${pct(wonShare)} won over ${counted(fights.fights, 'fight')}.`;
  return (
    <section className="panel fairness__section" id="odds" aria-labelledby="odds-title">
      <h2 id="odds-title">Stated vs observed win chance</h2>
      <p className="fairness__lead">
        Before a fight is resolved the game states your chance to win, then rolls against it. Here is every
        fight ever resolved that way — quick battles, arena duels, dungeon floors and campaign stages —
        grouped by the chance it stated, against the share actually won. Honest odds sit on the dashed line:
        each dot within its bar (the 95% interval) about 19 times in 20. Battles you play turn by turn are
        yours to steer, so they are not counted. Each chance is the share won of{' '}
        {formatNumber(ODDS_SAMPLING.min)}–{formatNumber(ODDS_SAMPLING.max)} simulated battles of the same two
        sides, enough that it lies within {ODDS_SAMPLING.half * 100} points of the model’s own chance 19 times
        in 20.
      </p>
      <div className="tabs kind-picker" role="group" aria-label="Which fights">
        {KINDS.map((k) => (
          <button
            key={k.kind}
            type="button"
            className="tab"
            aria-pressed={kind === k.kind}
            onClick={() => onKind(k.kind)}
          >
            {k.label} <span className="count-badge">{formatNumber(fightsOf(k.kind))}</span>
          </button>
        ))}
      </div>
      {filled === 0 ? (
        <p className="fairness__empty">
          No {kind === 'all' ? '' : `${KINDS.find((k) => k.kind === kind)!.label.toLowerCase()} `}fights yet:
          every one fought is counted here.
        </p>
      ) : (
        <>
          <Verdict good={good}>
            <strong>
              {holding} of {filled}
            </strong>{' '}
            ranges won what they stated (within the 95% interval). Overall{' '}
            <span className="tabular">{pct(fights.stated!)}</span> stated,{' '}
            <span className="tabular">{pct(wonShare)}</span> won over{' '}
            <span className="tabular">{formatNumber(fights.fights)}</span> fights.
          </Verdict>
          <figure className={`chart${busy ? ' chart--busy' : ''}`} data-testid="chart-odds">
            <Chart
              charts={charts}
              draw={draw}
              height={300}
              label={`Chart: share of fights won against their stated win chance. ${summary} The table below gives every number.`}
            />
            <figcaption className="legend">
              <span className="legend__item">
                <span className="legend__dot" aria-hidden="true" /> share won (size: fights)
              </span>
              <span className="legend__item">
                <span className="legend__bar" aria-hidden="true" /> 95% interval
              </span>
              <span className="legend__item">
                <span className="legend__dash" aria-hidden="true" /> stated = won
              </span>
            </figcaption>
          </figure>
        </>
      )}
      <NumbersTable
        caption="Win chance: stated against observed, by range of stated chance"
        head={['Range', 'Fights', 'Stated', 'Won', '95% interval']}
      >
        {fights.buckets.map((b: CalibrationBucket) => (
          <tr key={b.from} className={b.fights === 0 ? 'numbers__empty' : undefined}>
            <th scope="row">
              {Math.round(b.from * 100)}–{Math.round(b.to * 100)}%
            </th>
            <td className="numbers__n">{formatNumber(b.fights)}</td>
            <td className="numbers__n">{b.stated === null ? '—' : pct(b.stated)}</td>
            <td className="numbers__n">{b.observed === null ? '—' : pct(b.observed)}</td>
            <td className="numbers__n">{range(b.interval)}</td>
          </tr>
        ))}
      </NumbersTable>
    </section>
  );
}

function SummonSection({
  summons,
  charts,
}: {
  summons: FairnessResponse['summons'];
  charts: Charts | null | 'failed';
}) {
  const { holding, good } = summonVerdict(summons);
  const draw = useMemo(
    () => (c: Charts, width: number) => c.rarityChart(summons.rarities, width),
    [summons.rarities],
  );
  return (
    <section className="panel fairness__section" id="summons" aria-labelledby="summons-title">
      <h2 id="summons-title">Summon rarity</h2>
      <p className="fairness__lead">
        Every summon draws two candidates, each with a base chance of every rarity, and the pity promises{' '}
        {summons.pity
          .map(
            (p, i) =>
              `a ${p.rarity}★${p.rarity < 5 ? ' or better' : ''} within ${p.within}${i ? '' : ' pairs'}`,
          )
          .join(', ')}{' '}
        (its pair’s first candidate is drawn at that rarity or better). The stated odds are each rarity’s
        long-run share with the pity included, computed exactly from the base chances and the rule. The bars
        are the share of every candidate ever drawn by a summon; the gold marks are the stated odds.
      </p>
      {summons.drawn === 0 ? (
        <p className="fairness__empty">No heroes summoned yet: every candidate drawn is counted here.</p>
      ) : (
        <>
          <Verdict good={good}>
            <strong>
              {holding} of {summons.rarities.length}
            </strong>{' '}
            rarities drawn in line with their stated odds (within the 95% interval), over{' '}
            <span className="tabular">{formatNumber(summons.drawn)}</span> candidates.
          </Verdict>
          <figure className="chart" data-testid="chart-rarity">
            <Chart
              charts={charts}
              draw={draw}
              height={272}
              label={
                'Chart: share of each rarity among candidates drawn, beside its stated odds. ' +
                summons.rarities
                  .map(
                    (r) =>
                      `${counted(r.rarity, 'star')}: stated ${pct(r.stated)}, drawn ${r.observed === null ? '—' : pct(r.observed)}`,
                  )
                  .join('; ') +
                '.'
              }
            />
            <figcaption className="legend">
              <span className="legend__item">
                <span className="legend__swatch" aria-hidden="true" /> share drawn (rarity colour)
              </span>
              <span className="legend__item">
                <span className="legend__tick" aria-hidden="true" /> stated odds
              </span>
              <span className="legend__item">
                <span className="legend__line" aria-hidden="true" /> 95% interval
              </span>
            </figcaption>
          </figure>
        </>
      )}
      <NumbersTable
        caption="Summon rarity: base chance, stated odds with the pity, and candidates drawn"
        head={['Rarity', 'Base', 'Stated', 'Drawn', 'Share', '95% interval']}
      >
        {summons.rarities.map((r) => (
          <tr key={r.rarity}>
            <th scope="row">
              <span className={`stars stars--${r.rarity}`}>{'★'.repeat(r.rarity)}</span>
              <span className="visually-hidden">{counted(r.rarity, 'star')}</span>
            </th>
            <td className="numbers__n">{pct(r.base)}</td>
            <td className="numbers__n">{pct(r.stated)}</td>
            <td className="numbers__n">{formatNumber(r.drawn)}</td>
            <td className="numbers__n">{r.observed === null ? '—' : pct(r.observed)}</td>
            <td className="numbers__n">{range(r.interval)}</td>
          </tr>
        ))}
      </NumbersTable>
    </section>
  );
}

const GROUPS: { key: 'race' | 'class' | 'type'; title: string; column: string }[] = [
  { key: 'race', title: 'By race', column: 'Race' },
  { key: 'class', title: 'By class', column: 'Class' },
  { key: 'type', title: 'By type', column: 'Type' },
];

function BalanceGroup({
  title,
  column,
  entries,
  gate,
  charts,
}: {
  title: string;
  column: string;
  entries: BalanceGroupEntry[];
  gate: Balance['gate'];
  charts: Charts | null | 'failed';
}) {
  const draw = useMemo(
    () => (c: Charts, width: number) => c.balanceChart(entries, gate, width),
    [entries, gate],
  );
  const id = useId();
  return (
    <div className="balance-group">
      <h3 id={id}>{title}</h3>
      <figure className="chart" data-testid={`chart-balance-${column.toLowerCase()}`}>
        <Chart
          charts={charts}
          draw={draw}
          height={entries.length * 30 + 50}
          label={`Chart: win rate ${title.toLowerCase()}, from ${entries.map((e) => `${e.name} ${pct(e.rate)}`).join(', ')}.`}
        />
      </figure>
      <NumbersTable
        caption={`Win rate ${title.toLowerCase()}`}
        head={[column, 'Win rate', '95% interval', 'Games']}
      >
        {entries.map((e) => (
          <tr key={e.id}>
            <th scope="row">{e.name}</th>
            <td className="numbers__n">{pct(e.rate)}</td>
            <td className="numbers__n">{range(e.interval)}</td>
            <td className="numbers__n">{formatNumber(e.games)}</td>
          </tr>
        ))}
      </NumbersTable>
    </div>
  );
}

function BalanceSection({ balance, charts }: { balance: Balance; charts: Charts | null | 'failed' }) {
  const gate = `${pct(balance.gate.low, 0)}–${pct(balance.gate.high, 0)}`;
  const { groups, outside, lowest, highest } = balanceVerdict(balance);
  return (
    <section className="panel fairness__section" id="balance" aria-labelledby="balance-title">
      <h2 id="balance-title">Balance</h2>
      <p className="fairness__lead">
        How often a hero of each race, class and type wins in level-matched simulated battles: random teams of{' '}
        {balance.team_size} against {balance.team_size} at levels {balance.levels.join(', ')}, both sides
        played by the game&rsquo;s own AI. It is the check every change to the rules must pass: every group
        within {gate} (shaded).
      </p>
      {balance.status === 'computing' ? (
        <p className="fairness__computing" role="status">
          <span className="spinner" aria-hidden="true" /> Measuring the balance under the current rules… this
          takes a few seconds, once per version of the rules.
        </p>
      ) : balance.status === 'failed' ? (
        <ErrorBox>The balance measure failed; it is tried again within a minute.</ErrorBox>
      ) : (
        <>
          <Verdict good={outside.length === 0}>
            {outside.length === 0 ? (
              <>
                <strong>Every</strong> race, class and type wins{' '}
                <span className="tabular">
                  {pct(lowest)}–{pct(highest)}
                </span>{' '}
                of its games: inside the {gate} gate.
              </>
            ) : (
              <>
                <strong>{outside.length}</strong> of {groups} groups outside the {gate} gate:{' '}
                {outside.map((e) => e.name).join(', ')}.
              </>
            )}{' '}
            {counted(balance.battles, 'battle')}.
          </Verdict>
          <div className="legend legend--standalone" aria-hidden="true">
            <span className="legend__item">
              <span className="legend__dot" /> win rate
            </span>
            <span className="legend__item">
              <span className="legend__bar" /> 95% interval
            </span>
            <span className="legend__item">
              <span className="legend__gate" /> {gate} gate
            </span>
          </div>
          <div className="balance-groups">
            {GROUPS.map((g) => (
              <BalanceGroup
                key={g.key}
                title={g.title}
                column={g.column}
                entries={balance[g.key]}
                gate={balance.gate}
                charts={charts}
              />
            ))}
          </div>
          <p className="fairness__note muted">
            Measured{' '}
            {balance.computed_at !== null && (
              <time dateTime={new Date(balance.computed_at * 1000).toISOString()}>
                {new Date(balance.computed_at * 1000).toLocaleString()}
              </time>
            )}{' '}
            under rules version <code>{balance.rules}</code>, and measured again whenever the rules change.
            Heroes on one team share its result, so each interval counts the independent results, not every
            game.
          </p>
        </>
      )}
    </section>
  );
}

function PageSkeleton() {
  return (
    <div className="stack" role="status" aria-label="Loading the figures">
      {[0, 1, 2].map((i) => (
        <div key={i} className="panel stack">
          <Skeleton height={24} width="55%" />
          <Skeleton height={48} />
          <Skeleton height={260} radius={8} />
        </div>
      ))}
    </div>
  );
}

export default function FairnessPage() {
  const { signedIn, kind, chooseKind, data, failure, busy, charts } = useFairnessCtrl();
  return (
    <div className="fairness">
      <header className="fairness__head">
        <span className="fairness__emblem" aria-hidden="true">
          <Icon name="fair_match" size={34} />
        </span>
        <div>
          <h1>Fairness</h1>
          <p className="fairness__tagline">
            The odds the game states, checked against what happened: live from every fight and summon.
          </p>
        </div>
      </header>
      <nav className="fairness__jump" aria-label="On this page">
        <a href="#odds">Win chance</a>
        <a href="#summons">Summons</a>
        <a href="#balance">Balance</a>
      </nav>
      {failure ? (
        <ErrorBox>{failure}</ErrorBox>
      ) : !data ? (
        <PageSkeleton />
      ) : (
        <>
          <OddsSection fights={data.fights} kind={kind} onKind={chooseKind} charts={charts} busy={busy} />
          <SummonSection summons={data.summons} charts={charts} />
          <BalanceSection balance={data.balance} charts={charts} />
          <p className="fairness__note muted">
            Fight and summon counts as of{' '}
            <time dateTime={new Date(data.as_of * 1000).toISOString()}>
              {new Date(data.as_of * 1000).toLocaleTimeString()}
            </time>{' '}
            (read again every 30 seconds). The same figures, for anyone to check:{' '}
            <a href="/api/fairness">/api/fairness</a> (<a href="/api/docs">API docs</a>).
          </p>
        </>
      )}
      <Link to={signedIn ? '/map' : '/'} className="back-link">
        ‹ {signedIn ? 'Back to the map' : 'Play Runeborn'}
      </Link>
    </div>
  );
}
