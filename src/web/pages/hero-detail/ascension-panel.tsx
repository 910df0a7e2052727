// The hero page's Ascension panel (docs/api.md "Ascension and gear"): the next star — what it costs (heroes of at
// least the hero's rarity, or Star Shards in their place, and essence) and what the hero gains (its stats at the new
// rarity, as the server computes them) — the whole cost table, the heroes to spend (in the server's order: those of
// the rarity the star needs first, least valuable first, its suggestion picked at first; the rarer set apart and never
// picked for the player), and a confirmation naming
// everything spent before anything is; a reset back to the summoned rarity with its refund. Shown on the player's own
// heroes. Everything it states is the server's answer (GET /api/heroes/{id}/ascension); its state and writes are
// ./ascension-ctrl.ts.
import type { Hero } from '../../../api/index.ts';
import { errorText } from '../../api/client.ts';
import { SHARDS_PER_SCROLL } from '../../../api/rules.ts';
import { RarityStars } from '../../components/hero-card.tsx';
import { Icon } from '../../components/icon.tsx';
import { counted as plural, formatNumber } from '../../components/format.ts';
import { Button, ErrorBox, Modal, Skeleton, SuccessBanner } from '../../components/ui.tsx';
import { useAscensionCtrl, type AscensionCtrl } from './ascension-ctrl.ts';

const STATS = [
  { key: 'max_hp', label: 'Health', icon: 'hp' },
  { key: 'atk', label: 'Attack', icon: 'atk' },
  { key: 'def', label: 'Defense', icon: 'def' },
  { key: 'spd', label: 'Speed', icon: 'spd' },
] as const;

export function AscensionPanel({ hero, userId }: { hero: Hero; userId: string }) {
  const ctrl = useAscensionCtrl(hero, userId);
  const { view } = ctrl;
  if (view.isPending)
    return (
      <section className="panel" aria-label="Ascension">
        <h2>Ascension</h2>
        <Skeleton height={120} />
      </section>
    );
  if (view.error || !view.data)
    return (
      <section className="panel">
        <h2>Ascension</h2>
        <ErrorBox>{errorText(view.error, 'Failed to load the ascension')}</ErrorBox>
      </section>
    );
  return <Ascension hero={hero} a={view.data} ctrl={ctrl} />;
}

function Ascension({
  hero,
  a,
  ctrl,
}: {
  hero: Hero;
  a: NonNullable<AscensionCtrl['view']['data']>;
  ctrl: AscensionCtrl;
}) {
  const { next, copies: spendable } = a;
  const { chosen, first, rarerChosen, paying, spentNames, short, shortOf, ascend, reset, fuse } = ctrl;
  const copies = next ? next.copies : 0;
  const copyRow = (c: (typeof spendable)[number]) => (
    <label
      key={c.id}
      className={`ascension__copy${c.rarer ? ' ascension__copy--rarer' : ''}`}
      data-copy-id={c.id}
    >
      <input
        type="checkbox"
        checked={chosen.includes(c.id)}
        disabled={!chosen.includes(c.id) && chosen.length >= copies}
        onChange={() => ctrl.toggle(c.id)}
      />
      <img src={c.portrait_url} alt="" width={32} height={32} />
      <span>
        {c.name} <span className={`rarity-text--${c.rarity}`}>{c.rarity}★</span>{' '}
        <span className="muted">Lv {c.level}</span>
      </span>
    </label>
  );

  return (
    <section className="panel ascension" aria-labelledby="ascension-title" data-testid="ascension">
      <div className="section-head">
        <h2 id="ascension-title">Ascension</h2>
        <RarityStars rarity={hero.rarity} size={16} />
      </div>
      {ctrl.done && <SuccessBanner onDone={ctrl.clearDone}>{ctrl.done}</SuccessBanner>}
      {ctrl.failure && <ErrorBox>{ctrl.failure}</ErrorBox>}
      {next ? (
        <>
          <p className="ascension__lead">
            Next: <strong className={`rarity-text--${next.rarity}`}>{next.rarity}★</strong> — {first} keeps
            level, XP, abilities, traits, spread and gear, and gains:
          </p>
          <table className="ascension__gains tabular" aria-label={`What ${first} gains at ${next.rarity}★`}>
            <tbody>
              {STATS.map(({ key, label, icon }) => (
                <tr key={key}>
                  <th scope="row">
                    <Icon name={icon} size={14} /> {label}
                  </th>
                  <td>{formatNumber(next.stats_now[key])}</td>
                  <td aria-hidden="true">→</td>
                  <td>
                    <strong>{formatNumber(next.stats_next[key])}</strong>
                  </td>
                  <td className="ascension__plus">
                    +{formatNumber(next.stats_next[key] - next.stats_now[key])}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="ascension__cost" data-testid="ascension-cost">
            Costs{' '}
            {plural(
              next.copies,
              `hero of ${next.copy_min_rarity}★ or more`,
              `heroes of ${next.copy_min_rarity}★ or more`,
            )}{' '}
            (or {formatNumber(next.shards_per_copy)} Star Shards for each) and {formatNumber(next.essence)}{' '}
            magic essence. You hold {plural(a.shards_held, 'Star Shard')} and {formatNumber(a.essence_held)}{' '}
            essence.
          </p>
          {spendable.length > 0 ? (
            <fieldset className="ascension__copies">
              <legend>
                Heroes to spend ({chosen.length}/{copies})
              </legend>
              {ctrl.fitting.map(copyRow)}
              {ctrl.rarer.length > 0 && (
                <>
                  <p className="ascension__rarer-note muted" data-testid="rarer-copies">
                    Rarer than this star needs — spending one gives up more than the star asks:
                  </p>
                  {ctrl.rarer.map(copyRow)}
                </>
              )}
            </fieldset>
          ) : (
            <p className="muted">
              No other hero of {next.copy_min_rarity}★ or more: Star Shards can stand in.
            </p>
          )}
          <label className="ascension__shards">
            <input
              type="checkbox"
              checked={ctrl.useShards}
              onChange={(e) => ctrl.setUseShards(e.target.checked)}
            />
            Use Star Shards for the heroes not chosen
            {ctrl.missing > 0 && ctrl.useShards ? ` (${plural(ctrl.shardsNeeded, 'shard')})` : ''}
          </label>
          <Button
            onClick={() => ctrl.ask('ascend')}
            disabled={!!short}
            title={short ?? undefined}
            busy={ascend.isPending}
            busyText="Ascending..."
          >
            <Icon name="sparkles" size={16} /> Ascend to {next.rarity}★
          </Button>
          {shortOf.map((r) => (
            <p key={r} className="muted ascension__why">
              {r}
            </p>
          ))}
        </>
      ) : (
        <p>
          {first} is {a.max_rarity}★, the highest rarity.
        </p>
      )}
      {a.shards_held >= SHARDS_PER_SCROLL && (
        <div className="ascension__fuse">
          <p className="muted">
            Star Shards to spare fuse {formatNumber(SHARDS_PER_SCROLL)} at a time into a summoning scroll.
          </p>
          <Button variant="secondary" onClick={ctrl.fuseShards} busy={fuse.isPending} busyText="Fusing...">
            <Icon name="summoning_scrolls" size={16} /> Fuse {formatNumber(SHARDS_PER_SCROLL)} shards
          </Button>
        </div>
      )}
      <details className="ascension__table">
        <summary>Cost of every star</summary>
        <table className="tabular">
          <thead>
            <tr>
              <th scope="col">Star</th>
              <th scope="col">Heroes (rarity ≥)</th>
              <th scope="col">Or shards each</th>
              <th scope="col">Essence</th>
            </tr>
          </thead>
          <tbody>
            {a.table.map((r) => (
              <tr key={r.from} aria-current={r.from === hero.rarity ? 'step' : undefined}>
                <td>
                  {r.from}★ → {r.from + 1}★
                </td>
                <td>
                  {r.copies} ({r.from}★)
                </td>
                <td>{formatNumber(r.shards_per_copy)}</td>
                <td>{formatNumber(r.essence)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="muted">Dismissing a hero leaves its shards; the shop sells them too.</p>
      </details>
      {a.reset && (
        <div className="ascension__reset">
          <p className="muted">
            Summoned at {a.reset.rarity}★. A reset returns {first} there and refunds every star:{' '}
            {formatNumber(a.reset.essence)} essence, {plural(a.reset.shards, 'Star Shard')}
            {a.reset.heroes.length ? ` and ${a.reset.heroes.map((x) => x.name).join(', ')}` : ''}.
          </p>
          <Button
            variant="secondary"
            onClick={() => ctrl.ask('reset')}
            busy={reset.isPending}
            busyText="Resetting..."
          >
            Reset to {a.reset.rarity}★
          </Button>
        </div>
      )}

      {ctrl.asking === 'ascend' && next && (
        <Modal
          title={`Ascend ${first} to ${next.rarity}★?`}
          onClose={() => !ascend.isPending && ctrl.ask(null)}
          footer={
            <>
              <Button variant="secondary" onClick={() => ctrl.ask(null)} disabled={ascend.isPending}>
                Cancel
              </Button>
              <Button busy={ascend.isPending} busyText="Ascending..." onClick={ctrl.confirmAscend}>
                Ascend
              </Button>
            </>
          }
        >
          <p>
            Spends {paying.length > 1 ? `${paying.slice(0, -1).join(', ')} and ${paying.at(-1)}` : paying[0]}.
          </p>
          {spentNames.length > 0 && (
            <p className="muted">
              The heroes spent leave your collection, teams and the arena (a reset brings them back).
            </p>
          )}
          {rarerChosen.length > 0 && (
            <p className="ascension__warn" data-testid="rarer-warning">
              {rarerChosen.join(', ')} {rarerChosen.length === 1 ? 'is' : 'are'} rarer than this star needs.
            </p>
          )}
        </Modal>
      )}
      {ctrl.asking === 'reset' && a.reset && (
        <Modal
          title={`Reset ${first} to ${a.reset.rarity}★?`}
          onClose={() => !reset.isPending && ctrl.ask(null)}
          footer={
            <>
              <Button variant="secondary" onClick={() => ctrl.ask(null)} disabled={reset.isPending}>
                Cancel
              </Button>
              <Button busy={reset.isPending} busyText="Resetting..." onClick={ctrl.confirmReset}>
                Reset
              </Button>
            </>
          }
        >
          <p>
            {first} returns to {a.reset.rarity}★ and every star is refunded: {formatNumber(a.reset.essence)}{' '}
            essence, {plural(a.reset.shards, 'Star Shard')}
            {a.reset.heroes.length ? ` and ${a.reset.heroes.map((x) => x.name).join(', ')}` : ''}.
          </p>
        </Modal>
      )}
    </section>
  );
}
