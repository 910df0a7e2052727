// The hero page's Training panel: the hero's training level, what the next level adds and costs in gold (the
// contract's numbers, api/rules.ts), and Train — one paid intent a click (api/writes/heroes.ts useTrain). Shown on the
// player's own heroes; a level past what the purse holds is refused at once with the price named, as the server would.
import { useState } from 'react';
import type { Hero } from '../../../api/index.ts';
import { MAX_TRAINING, TRAINING_STEP, trainingCost } from '../../../api/rules.ts';
import { useTrain } from '../../api/writes/heroes.ts';
import { formatNumber } from '../../components/format.ts';
import { Button, ErrorBox, SuccessBanner } from '../../components/ui.tsx';
import { useSignedInUser } from '../../session.ts';

export function TrainingPanel({ hero, userId }: { hero: Hero; userId: string }) {
  const user = useSignedInUser();
  const train = useTrain(userId);
  const [done, setDone] = useState<string | null>(null);
  const level = hero.training ?? 0;
  const capped = level >= MAX_TRAINING;
  const cost = trainingCost(level);
  const gold = user.gold ?? 0;
  const short = !capped && gold < cost;
  const step = Math.round(TRAINING_STEP * 100);
  const first = hero.name.split(' ')[0];

  return (
    <section className="panel training" aria-labelledby="training-title" data-testid="training">
      <h2 id="training-title">Training</h2>
      <p>
        {first} has <strong>{level === 0 ? 'no training' : `training ${level}`}</strong>
        {level > 0 && ` (+${formatNumber(step * level)}% health, attack and defense)`}. Each level adds {step}
        % of the untrained health, attack and defense.
      </p>
      {done && <SuccessBanner>{done}</SuccessBanner>}
      {train.failure && <ErrorBox>{train.failure}</ErrorBox>}
      {capped ? (
        <p className="muted">{first} has all the training there is.</p>
      ) : (
        <>
          <Button
            busy={train.isPending}
            busyText="Training..."
            disabled={short}
            onClick={() => {
              setDone(null);
              train.mutate(hero.id, { onSuccess: () => setDone(`${first} trained to level ${level + 1}.`) });
            }}
          >
            Train to level {level + 1} · {formatNumber(cost)} gold
          </Button>
          {short && (
            <p className="muted" data-testid="training-short">
              You need {formatNumber(cost - gold)} more gold.
            </p>
          )}
        </>
      )}
    </section>
  );
}
