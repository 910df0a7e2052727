// The fairness page's three charts, drawn with Observable Plot (loaded only by this page, after its tables: see
// ./index.tsx). Each takes the API's figures and the width it has, and answers an SVG in the game's colours (the
// tokens of styles/tokens.css, as CSS variables). The numbers behind them are the tables below each chart.
import * as Plot from '@observablehq/plot';
import type { BalanceGroupEntry, CalibrationBucket, RarityShare } from '../../../api/index.ts';
import { counted } from '../../components/format.ts';

const STYLE = [
  'background: transparent',
  'color: var(--text)',
  'font-family: var(--font-body)',
  'font-size: 12px',
  'overflow: visible',
  '--plot-background: var(--bg-raised)',
].join(';');

export const percent = (x: number, digits = 0) => `${(x * 100).toFixed(digits)}%`;
const tickPercent = (x: number) => `${Math.round(x * 100)}%`;

/** A tip in the game's colours: raised surface, strong border, parchment text. */
const tipStyle = { fill: 'var(--bg-raised)', stroke: 'var(--border-strong)', textPadding: 8 } as const;

/** Stated win chance (x) against the share won (y), one dot per range sized by its fights, on the honest diagonal. */
export function calibrationChart(buckets: CalibrationBucket[], width: number): Element {
  const rows = buckets
    .filter((b) => b.fights > 0)
    .map((b) => ({
      ...b,
      stated: b.stated!,
      observed: b.observed!,
      low: b.interval!.low,
      high: b.interval!.high,
    }));
  const height = Math.round(Math.min(400, Math.max(260, width * 0.72)));
  const margin = { top: 30, right: 14, bottom: 44, left: 46 };
  // The diagonal's angle on screen, for its label.
  const slope = (height - margin.top - margin.bottom) / (width - margin.left - margin.right);
  const angle = (-Math.atan(slope) * 180) / Math.PI;
  const ticks = width < 480 ? [0, 0.25, 0.5, 0.75, 1] : [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1];
  return Plot.plot({
    width,
    height,
    marginTop: margin.top,
    marginRight: margin.right,
    marginBottom: margin.bottom,
    marginLeft: margin.left,
    style: STYLE,
    x: {
      domain: [0, 1],
      ticks,
      tickFormat: tickPercent,
      label: 'Stated win chance →',
      labelOffset: 36,
      grid: true,
    },
    y: { domain: [0, 1], ticks, tickFormat: tickPercent, label: '↑ Share won', grid: true },
    r: {
      type: 'sqrt',
      domain: [0, Math.max(1, ...rows.map((r) => r.fights))],
      range: [3.5, width < 480 ? 9 : 12],
    },
    marks: [
      Plot.frame({ stroke: 'var(--border)' }),
      Plot.line(
        [
          [0, 0],
          [1, 1],
        ],
        { stroke: 'var(--text-muted)', strokeDasharray: '6 5', strokeWidth: 1.5 },
      ),
      Plot.text([{ x: 0.74, y: 0.74 }], {
        x: 'x',
        y: 'y',
        text: () => 'stated = won',
        rotate: angle,
        dy: -9,
        fill: 'var(--text-muted)',
        fontSize: 11,
      }),
      Plot.ruleX(rows, {
        x: 'stated',
        y1: 'low',
        y2: 'high',
        stroke: 'var(--accent)',
        strokeOpacity: 0.6,
        strokeWidth: 3,
        strokeLinecap: 'round',
      }),
      Plot.dot(rows, {
        x: 'stated',
        y: 'observed',
        r: 'fights',
        fill: 'var(--accent-strong)',
        stroke: 'var(--bg-panel)',
        strokeWidth: 1.5,
      }),
      Plot.tip(
        rows,
        Plot.pointer({
          x: 'stated',
          y: 'observed',
          ...tipStyle,
          title: (d: (typeof rows)[number]) =>
            `Stated ${tickPercent(d.from)}–${tickPercent(d.to)} (mean ${percent(d.stated, 1)})\n` +
            `${counted(d.fights, 'fight')}, ${percent(d.observed, 1)} won\n` +
            `95% interval ${percent(d.low, 1)}–${percent(d.high, 1)}`,
        }),
      ),
    ],
  });
}

/** Each rarity's share of the candidates drawn (bar, in its colour, with its interval) beside its stated odds (tick). */
export function rarityChart(rarities: RarityShare[], width: number): Element {
  const rows = rarities.map((r) => ({
    label: `${r.rarity}★`,
    color: `var(--rarity-${r.rarity})`,
    stated: r.stated,
    observed: r.observed ?? 0,
    low: r.interval?.low ?? null,
    high: r.interval?.high ?? null,
    drawn: r.drawn,
  }));
  const top = Math.min(1, Math.max(...rows.map((r) => Math.max(r.stated, r.high ?? 0))) * 1.18);
  return Plot.plot({
    width,
    height: rows.length * 44 + 52,
    marginTop: 8,
    marginRight: 16,
    marginBottom: 40,
    marginLeft: 40,
    style: STYLE,
    x: {
      domain: [0, top],
      tickFormat: tickPercent,
      ticks: width < 480 ? 4 : 8,
      label: 'Share of candidates →',
      labelOffset: 34,
      grid: true,
    },
    y: { domain: rows.map((r) => r.label), label: null, padding: 0.28, tickSize: 0 },
    marks: [
      Plot.barX(rows, { x: 'observed', y: 'label', fill: 'color', fillOpacity: 0.9, rx: 3 }),
      Plot.ruleY(
        rows.filter((r) => r.low !== null),
        { y: 'label', x1: 'low', x2: 'high', stroke: 'var(--text)', strokeWidth: 1.5, strokeOpacity: 0.85 },
      ),
      // The stated odds: a gold mark outlined in the page's colour, so it reads on a bar of any colour.
      Plot.tickX(rows, { x: 'stated', y: 'label', stroke: 'var(--bg-page)', strokeWidth: 7, inset: -5 }),
      Plot.tickX(rows, {
        x: 'stated',
        y: 'label',
        stroke: 'var(--accent-strong)',
        strokeWidth: 3,
        inset: -4,
      }),
      Plot.text(rows, {
        x: (d: (typeof rows)[number]) => Math.max(d.stated, d.high ?? d.observed),
        y: 'label',
        text: (d: (typeof rows)[number]) => percent(d.observed, 1),
        dx: 8,
        textAnchor: 'start',
        fill: 'var(--text)',
        fontVariant: 'tabular-nums',
      }),
      Plot.tip(
        rows,
        Plot.pointerY({
          x: 'observed',
          y: 'label',
          ...tipStyle,
          title: (d: (typeof rows)[number]) =>
            `${d.label}: ${d.drawn.toLocaleString()} drawn, ${percent(d.observed, 1)}\nStated odds ${percent(d.stated, 1)}` +
            (d.low === null ? '' : `\n95% interval ${percent(d.low, 1)}–${percent(d.high!, 1)}`),
        }),
      ),
    ],
  });
}

/** Win rates of one kind of group (races, classes or types) with intervals, over the 50% line and the gate. */
export function balanceChart(
  entries: BalanceGroupEntry[],
  gate: { low: number; high: number },
  width: number,
): Element {
  const rows = entries.map((e) => ({ ...e, low: e.interval.low, high: e.interval.high }));
  const low = Math.min(gate.low - 0.02, ...rows.map((r) => r.low - 0.01));
  const high = Math.max(gate.high + 0.02, ...rows.map((r) => r.high + 0.01));
  return Plot.plot({
    width,
    height: rows.length * 30 + 50,
    marginTop: 8,
    marginRight: 16,
    marginBottom: 40,
    marginLeft: 100,
    style: STYLE,
    x: {
      domain: [low, high],
      ticks: width < 480 ? 4 : 6,
      tickFormat: tickPercent,
      label: 'Win rate →',
      labelOffset: 34,
      grid: true,
    },
    y: { domain: rows.map((r) => r.name), label: null, tickSize: 0, padding: 0.4 },
    marks: [
      Plot.rectX([gate], { x1: 'low', x2: 'high', fill: 'var(--success)', fillOpacity: 0.09 }),
      Plot.ruleX([gate.low, gate.high], {
        stroke: 'var(--success)',
        strokeOpacity: 0.45,
        strokeDasharray: '2 4',
      }),
      Plot.ruleX([0.5], { stroke: 'var(--text-muted)', strokeDasharray: '6 5' }),
      Plot.ruleY(rows, {
        y: 'name',
        x1: 'low',
        x2: 'high',
        stroke: 'var(--accent)',
        strokeOpacity: 0.75,
        strokeWidth: 4,
        strokeLinecap: 'round',
      }),
      Plot.dot(rows, {
        x: 'rate',
        y: 'name',
        r: 4,
        fill: 'var(--accent-strong)',
        stroke: 'var(--bg-panel)',
        strokeWidth: 1.5,
      }),
      Plot.tip(
        rows,
        Plot.pointerY({
          x: 'rate',
          y: 'name',
          ...tipStyle,
          title: (d: (typeof rows)[number]) =>
            `${d.name}: ${percent(d.rate, 1)} of ${counted(d.games, 'appearance')}\n` +
            `95% interval ${percent(d.low, 1)}–${percent(d.high, 1)}`,
        }),
      ),
    ],
  });
}
