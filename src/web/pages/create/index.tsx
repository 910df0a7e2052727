// /create — hero creation (spec §2 "/create", §4 "Creation flow", §5, §9): Generate Heroes spends 1 scroll
// for a pair of candidates (two parallel generate calls sharing a generation_id), the first is selected,
// Regenerate replaces both, Create Hero saves the chosen one and goes to /heroes. A paid pair is the server's
// pending pair until one is kept: after a reload, Cancel or on another device this page shows it again.
import { SummonMoment } from '../../components/moment.tsx';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Hero, PendingPair } from '../../../api/index.ts';
import { createHero, errorText, generateHero } from '../../api/client.ts';
import { queryKeys, refreshUser, usePendingPair } from '../../api/hooks.ts';
import { useSignedInUser } from '../../session.ts';
import { CurrencyBar } from '../../components/currency-bar.tsx';
import { HeroCard } from '../../components/hero-card.tsx';
import { Button, ErrorBox, Skeleton } from '../../components/ui.tsx';
import { Sigil } from '../../components/sigil.tsx';
import './create.css';

const SCROLL_COST = 1;

export const insufficientScrolls = (have: number): string =>
  `Insufficient summoning scrolls! You need ${SCROLL_COST} scroll(s) to generate heroes. You have ${have} scroll(s).`;

/** A fresh id for one generation (crypto.randomUUID needs a secure context; fall back to random bytes). */
function newGenerationId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export default function CreatePage() {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pending = usePendingPair(user.id);
  const [drawn, setDrawn] = useState<Hero[] | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const waiting = pending.data?.candidates.length ? pending.data.candidates : null;
  const candidates = drawn ?? waiting;
  const restored = !drawn && !!waiting;
  const selected = candidates?.some((c) => c.id === selectedId) ? selectedId : (candidates?.[0]?.id ?? null);
  const [generating, setGenerating] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const scrolls = user.summoning_scrolls ?? 0;
  const canGenerate = scrolls >= SCROLL_COST;
  const generateTitle = canGenerate ? 'Costs 1 scroll' : 'Insufficient summoning scrolls';

  async function generate() {
    if (!canGenerate) {
      setError(insufficientScrolls(scrolls));
      return;
    }
    setError(null);
    setGenerating(true);
    const generationId = newGenerationId();
    try {
      const pair = await Promise.all([
        generateHero(user.id, generationId),
        generateHero(user.id, generationId),
      ]);
      setDrawn(pair);
      setSelectedId(pair[0].id);
      queryClient.setQueryData<PendingPair>(queryKeys.pending(user.id), {
        generation_id: generationId,
        candidates: pair,
        expires_at: null,
      });
    } catch (err) {
      // Spec §8: generation errors are shown as the message received.
      setError(errorText(err, err instanceof Error ? err.message : 'Failed to create hero'));
      // Whatever the server did keep of a paid pair is shown from its record.
      setDrawn(null);
      void queryClient.invalidateQueries({ queryKey: queryKeys.pending(user.id) });
    } finally {
      setGenerating(false);
      void refreshUser(user.id);
    }
  }

  async function create() {
    const chosen = candidates?.find((c) => c.id === selected);
    if (!chosen) {
      setError('Please select a character');
      return;
    }
    setError(null);
    setSaving(true);
    try {
      await createHero(user.id, chosen);
      queryClient.setQueryData<PendingPair>(queryKeys.pending(user.id), {
        generation_id: null,
        candidates: [],
        expires_at: null,
      });
      await queryClient.invalidateQueries({ queryKey: queryKeys.myHeroes(user.id) });
      void refreshUser(user.id);
      navigate('/heroes');
    } catch (err) {
      setError(errorText(err, 'Failed to create hero'));
      setSaving(false);
    }
  }

  return (
    <div className="create">
      <div className="page-head">
        <h1>Summon Heroes</h1>
      </div>
      <CurrencyBar user={user} variant="full" highlight="summoning_scrolls" />
      <p className="create__intro muted">
        Each summoning reveals two unique heroes forged by the runes. Keep one. Generating costs 1 summoning
        scroll.
      </p>

      {!canGenerate && !generating && !candidates && <ErrorBox>{insufficientScrolls(scrolls)}</ErrorBox>}
      {error && (canGenerate || candidates || error !== insufficientScrolls(scrolls)) && (
        <ErrorBox>{error}</ErrorBox>
      )}

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
          {restored && (
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
                onClick={() => setSelectedId(c.id)}
              />
            ))}
          </div>
        </section>
      ) : pending.isPending ? (
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

      {candidates && !generating && (
        <p className="create__cost muted">
          Regenerate costs 1 summoning scroll and replaces both heroes. You have {scrolls} scroll(s).
        </p>
      )}
      <div className="create__actions">
        <Button variant="ghost" onClick={() => navigate('/heroes')} disabled={saving}>
          Cancel
        </Button>
        {candidates ? (
          <>
            <Button
              variant="secondary"
              onClick={generate}
              disabled={!canGenerate || generating || saving}
              title={generateTitle}
            >
              Regenerate
            </Button>
            <Button onClick={create} busy={saving} busyText="Creating..." disabled={generating}>
              Create Hero
            </Button>
          </>
        ) : (
          <Button
            onClick={generate}
            disabled={!canGenerate || generating || pending.isPending}
            title={generateTitle}
            busy={generating}
            busyText="Generating..."
          >
            Generate Heroes
          </Button>
        )}
      </div>
    </div>
  );
}
