// /fairness's controller: which fights the win-chance section shows, the figures (GET /api/fairness: useFairness),
// the chart module fetched once the page is up, and what each section's verdict counts — how many ranges of stated
// chance and how many rarities held their 95% interval, which groups fall outside the balance gate. View: ./index.tsx.
import { useEffect, useState } from 'react';
import type { Balance, FairnessKind, FairnessResponse, Interval } from '../../../api/index.ts';
import { errorText } from '../../api/client.ts';
import { useFairness } from '../../api/hooks.ts';
import { useSession } from '../../session.ts';

export type Charts = typeof import('./charts.ts');

/** Whether `stated` lies within the interval observed. */
const holds = (stated: number, i: Interval | null) => !!i && stated >= i.low && stated <= i.high;

/** The win-chance section's verdict: the ranges of stated chance with fights, and how many held. */
export function oddsVerdict(fights: FairnessResponse['fights']) {
  const filled = fights.buckets.filter((b) => b.fights > 0);
  const holding = filled.filter((b) => holds(b.stated!, b.interval)).length;
  const counts = new Map(fights.by_kind.map((k) => [k.kind, k.fights]));
  return {
    filled: filled.length,
    holding,
    /** all but one in ten hold: what a 95% interval promises */
    good: holding >= filled.length - Math.floor(filled.length / 10),
    /** fights of each kind, and of all kinds */
    fightsOf: (kind: FairnessKind) =>
      kind === 'all' ? fights.by_kind.reduce((n, k) => n + k.fights, 0) : (counts.get(kind) ?? 0),
    wonShare: fights.fights ? fights.won / fights.fights : 0,
  };
}

/** The summon section's verdict: how many rarities were drawn within their stated odds' interval. */
export function summonVerdict(summons: FairnessResponse['summons']) {
  const holding = summons.rarities.filter((r) => holds(r.stated, r.interval)).length;
  return { holding, good: holding >= summons.rarities.length - 1 };
}

/** The balance section's verdict: every race, class and type, those outside the gate, the lowest and highest rate. */
export function balanceVerdict(balance: Balance) {
  const all = [...balance.race, ...balance.class, ...balance.type];
  const outside = all.filter((e) => e.rate < balance.gate.low || e.rate > balance.gate.high);
  const rates = all.map((e) => e.rate);
  return { groups: all.length, outside, lowest: Math.min(...rates), highest: Math.max(...rates) };
}

/** The chart module, fetched once the page is up (null until then; 'failed' if it cannot load). */
function useCharts(): Charts | null | 'failed' {
  const [charts, setCharts] = useState<Charts | null | 'failed'>(null);
  useEffect(() => {
    let live = true;
    import('./charts.ts').then(
      (m) => live && setCharts(m),
      () => live && setCharts('failed'),
    );
    return () => {
      live = false;
    };
  }, []);
  return charts;
}

export function useFairnessCtrl() {
  const user = useSession();
  const [kind, setKind] = useState<FairnessKind>('all');
  const figures = useFairness(kind);
  const data = figures.data;
  return {
    signedIn: !!user,
    /** the fights the win-chance section shows */
    kind,
    chooseKind: setKind,
    data,
    failure:
      figures.isError && !data ? errorText(figures.error, 'Failed to load the fairness figures') : null,
    /** the figures shown are another kind's while this kind's are read */
    busy: figures.isPlaceholderData,
    charts: useCharts(),
  };
}
