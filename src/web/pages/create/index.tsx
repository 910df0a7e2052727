// /create — hero creation: Generate Heroes spends 1 scroll
// for a pair of candidates (two parallel generate calls sharing a generation_id), the rarer is selected (the first
// of two alike), Regenerate replaces both, Create Hero saves the chosen one and goes to /heroes. A paid pair is the server's
// pending pair until one is kept: after a reload, Cancel or on another device this page shows it again. Before
// paying, the altar's odds, its pity rule and the player's counters; below, their summon history.
// State and actions: ./ctrl.ts.
import { useEffect, useRef } from 'react';
import { PRICE_RULES, SUMMON_COST } from '../../../api/rules.ts';
import { AltarPanel, SummonHistory } from '../../components/altar.tsx';
import { SummonMoment } from '../../components/moment.tsx';
import { CurrencyBar } from '../../components/currency-bar.tsx';
import { HeroCard } from '../../components/hero-card.tsx';
import { counted } from '../../components/format.ts';
import { Button, ErrorBox, Skeleton } from '../../components/ui.tsx';
import { Sigil } from '../../components/sigil.tsx';
import { useCreateCtrl } from './ctrl.ts';
import './create.css';

export default function CreatePage() {
  const ctrl = useCreateCtrl();
  const { candidates, drawn, generating, saving, selected, scrolls } = ctrl;
  // The pair being drawn, then drawn, is brought into view: on a phone it sits below the altar's odds, and the
  // player who pressed Generate would otherwise see nothing change but the scroll count.
  const summons = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!generating && !drawn) return;
    const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
    summons.current?.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
  }, [generating, drawn]);
  return (
    <div className="create">
      <div className="page-head">
        <h1>Summon Heroes</h1>
      </div>
      <CurrencyBar user={ctrl.user} variant="full" highlight="summoning_scrolls" />
      <p className="create__intro muted">
        Each summoning reveals two unique heroes forged by the runes. Keep one. Generating costs 1 summoning
        scroll.
      </p>

      <AltarPanel altar={ctrl.altar} failed={ctrl.altarFailed} />

      {ctrl.outOfScrolls && <ErrorBox>{PRICE_RULES.summon(scrolls)}</ErrorBox>}
      {ctrl.error && <ErrorBox>{ctrl.error}</ErrorBox>}

      <div ref={summons} className="create__summons">
        {generating ? (
          <section className="create__generating" role="status" aria-live="polite">
            <p className="create__status">
              <span className="spinner" aria-hidden="true" /> Creating 2 unique heroes (30-40 seconds)
            </p>
            <div className="create__pair">
              <Skeleton width={280} height={400} radius={12} />
              <Skeleton width={280} height={400} radius={12} />
            </div>
          </section>
        ) : candidates ? (
          <section aria-label="Candidates">
            {ctrl.restored && (
              <p className="create__restored" role="status">
                Your summoned heroes are still waiting: the scroll is already spent.
              </p>
            )}
            {/* A 4★ or 5★ answering the summons is a moment (a fresh draw only, not a pair found waiting). */}
            {drawn && <SummonMoment heroes={drawn} />}
            <p className="create__hint">Choose the hero you want to keep.</p>
            <div className="create__pair">
              {candidates.map((c) => (
                <HeroCard
                  key={c.id}
                  hero={c}
                  size="large"
                  selected={selected === c.id}
                  onClick={() => ctrl.choose(c.id)}
                />
              ))}
            </div>
          </section>
        ) : ctrl.lookingForPair ? (
          <section className="create__pair" aria-busy="true" aria-label="Looking for your summoned heroes">
            <Skeleton width={280} height={400} radius={12} />
            <Skeleton width={280} height={400} radius={12} />
          </section>
        ) : (
          <section className="create__empty panel">
            <div className="create__rune" aria-hidden="true">
              <Sigil size={56} />
            </div>
            <p>The summoning circle is quiet. Spend a scroll to call two heroes.</p>
          </section>
        )}
      </div>

      {candidates && !generating && (
        <p className="create__cost muted">
          Regenerate costs {counted(SUMMON_COST, 'summoning scroll')} and replaces both heroes. You have{' '}
          {counted(scrolls, 'scroll')}.
        </p>
      )}
      <div className="create__actions">
        <Button variant="ghost" onClick={ctrl.cancel} disabled={saving}>
          Cancel
        </Button>
        {candidates ? (
          <>
            <Button
              variant="secondary"
              onClick={ctrl.generate}
              disabled={!ctrl.canGenerate || saving}
              busy={ctrl.pressing}
              busyText="Regenerating..."
              title={ctrl.generateTitle}
            >
              Regenerate
            </Button>
            <Button onClick={ctrl.create} busy={saving} busyText="Creating..." disabled={ctrl.pressing}>
              Create Hero
            </Button>
          </>
        ) : (
          <Button
            onClick={ctrl.generate}
            disabled={!ctrl.canGenerate || ctrl.pressing || ctrl.lookingForPair}
            title={ctrl.generateTitle}
            busy={ctrl.pressing}
            busyText="Generating..."
          >
            Generate Heroes
          </Button>
        )}
      </div>
      <SummonHistory history={ctrl.altar?.history} />
    </div>
  );
}
