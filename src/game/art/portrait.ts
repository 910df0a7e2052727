// Hero portraits: a layered SVG bust drawn from the PortraitKey alone (race → head, ears, horns, skin;
// class → outfit and held item; type → emblem; rarity → frame). Served by the API under portraitPath().
// These are the painters; what each race and class looks like is data in ./portrait-looks.ts.
// Colours and frames follow the app's palette (src/web/styles/tokens.css); the dice live in art-dice.ts.

import { artDice, hashText, hsl, n, type ArtDice } from './art-dice.ts';
import type { PortraitKey } from './paths.ts';
import { own } from '../data/table.ts';
import {
  CLASS_LOOKS,
  GENERIC_CLASS,
  GENERIC_RACE,
  RACE_LOOKS,
  type RaceFeatures,
  type Tone,
} from './portrait-looks.ts';

export const RARITY_COLOURS: Record<number, string> = {
  1: '#9ca3af',
  2: '#22c55e',
  3: '#3b82f6',
  4: '#a855f7',
  5: '#eab308',
};

const tone = (t: Tone, dl = 0, ds = 0, a = 1): string => hsl(t.h, t.s + ds, t.l + dl, a);

/** Everything the drawing steps share for one portrait. */
interface Sitter {
  id: string;
  dice: ArtDice;
  race: string;
  cls: string;
  /** The race's features (portrait-looks.ts): what the face painters draw. */
  f: RaceFeatures;
  cx: number;
  cy: number;
  w: number;
  h: number;
  jaw: number;
  breadth: number;
  skin: Tone;
  hair: Tone;
  eye: Tone;
  cloth: Tone;
  trim: Tone;
  hairStyle: string;
}

// ---------- geometry helpers ----------

const mirror = (svg: string): string => `${svg}<g transform="matrix(-1 0 0 1 200 0)">${svg}</g>`;

function headPath(s: Sitter): string {
  const { cx, cy, w, h, jaw } = s;
  const top = cy - h;
  const bottom = cy + h;
  return (
    `M${n(cx)} ${n(top)}C${n(cx + w * 0.95)} ${n(top)} ${n(cx + w)} ${n(cy - h * 0.2)} ${n(cx + w * 0.96)} ${n(cy + h * 0.22)}` +
    `C${n(cx + w * 0.9)} ${n(cy + h * 0.72)} ${n(cx + w * jaw)} ${n(bottom)} ${n(cx)} ${n(bottom)}` +
    `C${n(cx - w * jaw)} ${n(bottom)} ${n(cx - w * 0.9)} ${n(cy + h * 0.72)} ${n(cx - w * 0.96)} ${n(cy + h * 0.22)}` +
    `C${n(cx - w)} ${n(cy - h * 0.2)} ${n(cx - w * 0.95)} ${n(top)} ${n(cx)} ${n(top)}Z`
  );
}

function bodyPath(s: Sitter, top = 170): string {
  const S = 70 * s.breadth;
  return (
    `M${n(100 - S - 12)} 262C${n(100 - S - 8)} 205 ${n(100 - S + 2)} ${n(top + 8)} ${n(100 - S * 0.42)} ${top}` +
    `L${n(100 + S * 0.42)} ${top}C${n(100 + S - 2)} ${n(top + 8)} ${n(100 + S + 8)} 205 ${n(100 + S + 12)} 262Z`
  );
}

// ---------- layers ----------

function background(s: Sitter, aura: number): { defs: string; body: string } {
  const d = s.dice;
  const hue = aura + d.range(-25, 25);
  const bg = `<radialGradient id="${s.id}-bg" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="${hsl(hue, 40, 30)}"/><stop offset=".55" stop-color="${hsl(hue, 35, 14)}"/><stop offset="1" stop-color="#07080c"/></radialGradient>`;
  let motif = '';
  const kind = d.int(0, 2);
  if (kind === 0) {
    motif = `<circle cx="100" cy="${n(s.cy - 6)}" r="${n(d.range(58, 70))}" fill="none" stroke="${hsl(hue, 60, 60, 0.18)}" stroke-width="2" stroke-dasharray="${n(d.range(3, 9))} ${n(d.range(3, 7))}"/>`;
  } else if (kind === 1) {
    for (let i = 0; i < 7; i++)
      motif += `<circle cx="${n(d.range(12, 188))}" cy="${n(d.range(12, 150))}" r="${n(d.range(2, 7))}" fill="${hsl(hue + 20, 70, 70, d.range(0.08, 0.25))}"/>`;
  } else {
    const x = d.range(30, 170);
    motif = `<path d="M${n(x - 40)} 0L${n(x)} 0L${n(x - 50)} 240L${n(x - 90)} 240Z" fill="${hsl(hue, 50, 70, 0.07)}"/>`;
  }
  return { defs: bg, body: `<rect width="200" height="240" fill="url(#${s.id}-bg)"/>${motif}` };
}

function hairBack(s: Sitter): string {
  const { cx, cy, w, h } = s;
  const c = tone(s.hair, -8);
  switch (s.hairStyle) {
    case 'long':
      return `<path d="M${n(cx - w * 1.05)} ${n(cy - h * 0.3)}C${n(cx - w * 1.35)} ${n(cy + h * 0.6)} ${n(cx - w * 1.4)} ${n(cy + h * 1.5)} ${n(cx - w * 1.1)} ${n(cy + h * 1.9)}L${n(cx + w * 1.1)} ${n(cy + h * 1.9)}C${n(cx + w * 1.4)} ${n(cy + h * 1.5)} ${n(cx + w * 1.35)} ${n(cy + h * 0.6)} ${n(cx + w * 1.05)} ${n(cy - h * 0.3)}Z" fill="${c}"/>`;
    case 'braid':
      return `<path d="M${n(cx + w * 0.8)} ${n(cy)}q${n(w * 0.5)} ${n(h * 0.5)} ${n(w * 0.2)} ${n(h * 1.6)}" stroke="${c}" stroke-width="${n(w * 0.35)}" stroke-linecap="round" fill="none" stroke-dasharray="7 2"/>`;
    case 'tied':
      return `<ellipse cx="${n(cx)}" cy="${n(cy - h * 1.05)}" rx="${n(w * 0.35)}" ry="${n(h * 0.22)}" fill="${c}"/><path d="M${n(cx + w * 0.85)} ${n(cy - h * 0.4)}c${n(w * 0.4)} ${n(h * 0.3)} ${n(w * 0.5)} ${n(h)} ${n(w * 0.3)} ${n(h * 1.5)}" stroke="${c}" stroke-width="9" stroke-linecap="round" fill="none"/>`;
    case 'mane':
      return `<path d="M${n(cx - w * 1.2)} ${n(cy + h * 0.9)}C${n(cx - w * 1.6)} ${n(cy)} ${n(cx - w * 1.3)} ${n(cy - h * 1.3)} ${n(cx)} ${n(cy - h * 1.15)}C${n(cx + w * 1.3)} ${n(cy - h * 1.3)} ${n(cx + w * 1.6)} ${n(cy)} ${n(cx + w * 1.2)} ${n(cy + h * 0.9)}Z" fill="${c}"/>`;
    default:
      return '';
  }
}

function hairFront(s: Sitter): string {
  const { cx, cy, w, h, dice } = s;
  const c = tone(s.hair);
  const hi = tone(s.hair, 12, 0, 0.6);
  const top = cy - h;
  const cap = (fringeY: number, teeth: number): string => {
    let d = `M${n(cx - w * 1.03)} ${n(cy - h * 0.05)}C${n(cx - w * 1.15)} ${n(top - h * 0.28)} ${n(cx + w * 1.15)} ${n(top - h * 0.28)} ${n(cx + w * 1.03)} ${n(cy - h * 0.05)}`;
    for (let i = teeth; i >= 0; i--) {
      const x = cx - w + (2 * w * i) / teeth;
      const y = cy - h * fringeY + (i % 2 ? dice.range(4, 10) : 0);
      d += `L${n(x)} ${n(y)}`;
    }
    return `<path d="${d}Z" fill="${c}"/><path d="M${n(cx - w * 0.6)} ${n(top + 2)}Q${n(cx)} ${n(top - 5)} ${n(cx + w * 0.5)} ${n(top + 3)}" stroke="${hi}" stroke-width="3" fill="none" stroke-linecap="round"/>`;
  };
  switch (s.hairStyle) {
    case 'crop':
      return cap(0.62, 6);
    case 'long':
    case 'braid':
      return cap(0.5, 4);
    case 'swept':
      return `<path d="M${n(cx - w * 1.03)} ${n(cy)}C${n(cx - w * 1.2)} ${n(top - h * 0.3)} ${n(cx + w * 1.2)} ${n(top - h * 0.35)} ${n(cx + w * 1.05)} ${n(cy - h * 0.1)}C${n(cx + w * 0.4)} ${n(cy - h * 0.75)} ${n(cx - w * 0.3)} ${n(cy - h * 0.35)} ${n(cx - w * 1.03)} ${n(cy)}Z" fill="${c}"/>`;
    case 'tied':
      return cap(0.72, 2);
    case 'mohawk':
      return `<path d="M${n(cx - 7)} ${n(top + 10)}C${n(cx - 12)} ${n(top - 14)} ${n(cx - 3)} ${n(top - 22)} ${n(cx)} ${n(top - 24)}C${n(cx + 6)} ${n(top - 18)} ${n(cx + 10)} ${n(top - 8)} ${n(cx + 7)} ${n(top + 10)}Z" fill="${c}"/>`;
    case 'topknot':
      return `<ellipse cx="${n(cx)}" cy="${n(top - 6)}" rx="8" ry="9" fill="${c}"/><rect x="${n(cx - 5)}" y="${n(top - 1)}" width="10" height="4" fill="${tone(s.trim)}"/>`;
    case 'wisps':
      return `<path d="M${n(cx - w * 0.9)} ${n(cy - h * 0.3)}q-6 20 -3 40M${n(cx + w * 0.9)} ${n(cy - h * 0.3)}q7 22 2 44M${n(cx - w * 0.4)} ${n(top + 4)}q-8 -8 -4 -14" stroke="${c}" stroke-width="2.5" fill="none" stroke-linecap="round"/>`;
    case 'mane':
      return cap(0.68, 7);
    case 'curls': {
      let curls = cap(0.6, 6);
      for (let i = 0; i < 9; i++) {
        const a = Math.PI * (1.05 + (i * 0.9) / 8);
        curls += `<circle cx="${n(cx + w * 1.0 * Math.cos(a))}" cy="${n(cy - h * 0.25 + h * 0.85 * Math.sin(a))}" r="${n(dice.range(6, 9))}" fill="${i % 2 ? c : tone(s.hair, 6)}"/>`;
      }
      return curls;
    }
    default:
      return '';
  }
}

function ears(s: Sitter): string {
  const { cx, cy, w, h } = s;
  const sk = tone(s.skin);
  const inner = tone(s.skin, -12);
  const x = cx - w * 0.92;
  const y = cy + h * 0.05;
  switch (s.f.ears) {
    case 'long':
      return `<g class="feature-long-ears">${mirror(`<path d="M${n(x + 4)} ${n(y - 8)}L${n(x - 30)} ${n(y - 34)}L${n(x - 2)} ${n(y + 14)}Z" fill="${sk}"/><path d="M${n(x + 1)} ${n(y - 4)}L${n(x - 22)} ${n(y - 26)}L${n(x)} ${n(y + 8)}Z" fill="${inner}"/>`)}</g>`;
    case 'wide':
      return `<g class="feature-wide-ears">${mirror(`<path d="M${n(x + 4)} ${n(y - 8)}L${n(x - 40)} ${n(y - 12)}L${n(x - 2)} ${n(y + 12)}Z" fill="${sk}"/><path d="M${n(x)} ${n(y - 4)}L${n(x - 30)} ${n(y - 9)}L${n(x - 2)} ${n(y + 6)}Z" fill="${inner}"/>`)}</g>`;
    case 'pointed':
      return `<g class="feature-pointed-ears">${mirror(`<path d="M${n(x + 4)} ${n(y - 6)}L${n(x - 14)} ${n(y - 16)}L${n(x)} ${n(y + 12)}Z" fill="${sk}"/>`)}</g>`;
    case 'frills':
      return `<g class="feature-frills">${mirror(`<path d="M${n(x + 4)} ${n(y - 10)}L${n(x - 16)} ${n(y - 6)}L${n(x - 8)} ${n(y + 2)}L${n(x - 18)} ${n(y + 8)}L${n(x - 6)} ${n(y + 12)}L${n(x - 14)} ${n(y + 20)}L${n(x + 4)} ${n(y + 18)}Z" fill="${tone(s.skin, -8)}"/>`)}</g>`;
    default:
      return `<g class="feature-round-ears">${mirror(`<ellipse cx="${n(x)}" cy="${n(y)}" rx="6" ry="10" fill="${sk}"/><ellipse cx="${n(x + 1)}" cy="${n(y)}" rx="3" ry="6" fill="${inner}"/>`)}</g>`;
  }
}

function horns(s: Sitter): string {
  const { cx, cy, w, h, dice } = s;
  const top = cy - h;
  const c1 =
    s.f.horns === 'infernal'
      ? dice.pick(['#2a2024', '#4a3a3a', '#5a2a2a'])
      : dice.pick(['#e8dcc0', '#3a3030', '#c9b48a', '#6b5b4a']);
  const lift = dice.range(0.7, 1.2);
  const horn = `<path d="M${n(cx - w * 0.55)} ${n(top + h * 0.28)}C${n(cx - w * 1.1)} ${n(top - h * 0.1 * lift)} ${n(cx - w * 1.5)} ${n(top - h * 0.5 * lift)} ${n(cx - w * 1.55)} ${n(top - h * 0.95 * lift)}C${n(cx - w * 1.2)} ${n(top - h * 0.45 * lift)} ${n(cx - w * 0.75)} ${n(top - h * 0.1)} ${n(cx - w * 0.18)} ${n(top + h * 0.12)}Z" fill="${c1}" stroke="${s.f.horns === 'infernal' ? '#b08a8a' : '#0005'}" stroke-width="${s.f.horns === 'infernal' ? 1.5 : 1}"/>`;
  return `<g class="feature-horns">${mirror(horn)}</g>`;
}

function face(s: Sitter): string {
  const { cx, cy, w, h, dice, f } = s;
  const ey = cy + h * 0.02;
  const ex = w * 0.42;
  const er = w * 0.15;
  const shade = tone(s.skin, -16);
  let out = '';
  // Eyes: the shape says the race as much as the ears do.
  const white = f.eyes === 'round' ? '#f3efe6' : tone(s.eye);
  out += mirror(
    `<path d="M${n(cx - ex - er * 1.3)} ${n(ey)}Q${n(cx - ex)} ${n(ey - er * 1.25)} ${n(cx - ex + er * 1.3)} ${n(ey - (f.eyeTilt ? 3 : 0))}Q${n(cx - ex)} ${n(ey + er * 0.95)} ${n(cx - ex - er * 1.3)} ${n(ey)}Z" fill="${white}"/>` +
      (f.eyes === 'infernal'
        ? ''
        : f.eyes === 'slit'
          ? `<ellipse cx="${n(cx - ex)}" cy="${n(ey)}" rx="${n(er * 0.25)}" ry="${n(er * 0.8)}" fill="#120c06"/>`
          : `<circle cx="${n(cx - ex)}" cy="${n(ey)}" r="${n(er * 0.62)}" fill="${tone(s.eye)}"/><circle cx="${n(cx - ex)}" cy="${n(ey)}" r="${n(er * 0.28)}" fill="#0b0a0a"/>`) +
      `<circle cx="${n(cx - ex + er * 0.3)}" cy="${n(ey - er * 0.3)}" r="${n(er * 0.2)}" fill="#fff" opacity=".8"/>` +
      `<path d="M${n(cx - ex - er * 1.4)} ${n(ey + 0.5)}Q${n(cx - ex)} ${n(ey - er * 1.3)} ${n(cx - ex + er * 1.35)} ${n(ey - (f.eyeTilt ? 3.5 : 0.5))}" stroke="#1a1210" stroke-width="1.6" fill="none" stroke-linecap="round"/>`,
  );
  // Brows: heavy for orcs and dwarves, a ridge for dragonborn.
  const bw = f.brow;
  const tilt = dice.range(-3, 4) + (f.browTilt ?? 0);
  const browCol = f.browFromSkin ? shade : tone(s.hair, -5);
  out += mirror(
    `<path d="M${n(cx - ex - er * 1.4)} ${n(ey - er * 1.6 - tilt)}Q${n(cx - ex)} ${n(ey - er * 2.4)} ${n(cx - ex + er * 1.4)} ${n(ey - er * 1.4 + tilt)}" stroke="${browCol}" stroke-width="${bw}" fill="none" stroke-linecap="round"/>`,
  );
  // Nose and mouth.
  const ny = cy + h * 0.36;
  if (f.nose === 'nostrils') {
    out +=
      mirror(`<circle cx="${n(cx - 4)}" cy="${n(ny + 2)}" r="1.6" fill="#1b0f08"/>`) +
      `<path d="M${n(cx - w * 0.5)} ${n(cy + h * 0.62)}Q${n(cx)} ${n(cy + h * 0.72)} ${n(cx + w * 0.5)} ${n(cy + h * 0.62)}" stroke="#1b0f08" stroke-width="2" fill="none"/>`;
  } else {
    const nose =
      f.nose === 'hooked'
        ? `<path d="M${n(cx - 3)} ${n(cy + h * 0.05)}L${n(cx + 2)} ${n(ny + 8)}L${n(cx - 7)} ${n(ny + 4)}Z" fill="${tone(s.skin, -8)}"/>`
        : f.nose === 'round'
          ? `<ellipse cx="${n(cx)}" cy="${n(ny)}" rx="7" ry="6" fill="${tone(s.skin, -6, 5)}"/>`
          : `<path d="M${n(cx - 1)} ${n(cy + h * 0.12)}Q${n(cx - 5)} ${n(ny + 2)} ${n(cx + 3)} ${n(ny + 3)}" stroke="${shade}" stroke-width="1.8" fill="none" stroke-linecap="round"/>`;
    const smile = dice.range(-2, 3);
    out +=
      nose +
      `<path d="M${n(cx - w * 0.3)} ${n(cy + h * 0.6)}Q${n(cx)} ${n(cy + h * 0.6 + smile)} ${n(cx + w * 0.3)} ${n(cy + h * 0.6)}" stroke="${tone(s.skin, -25, 10)}" stroke-width="2.2" fill="none" stroke-linecap="round"/>`;
  }
  if (f.fangs) {
    out += `<g class="feature-fangs">${mirror(`<path d="M${n(cx - w * 0.2)} ${n(cy + h * 0.6)}l2 6l2 -6z" fill="#f3efe6"/>`)}</g>`;
  }
  if (f.blush)
    out += mirror(
      `<circle cx="${n(cx - w * 0.55)}" cy="${n(cy + h * 0.35)}" r="${n(w * 0.15)}" fill="${hsl(0, 70, 60, 0.3)}"/>`,
    );
  if (f.tusks) {
    out += `<g class="feature-tusks">${mirror(`<path d="M${n(cx - w * 0.38)} ${n(cy + h * 0.66)}L${n(cx - w * 0.46)} ${n(cy + h * 0.3)}L${n(cx - w * 0.22)} ${n(cy + h * 0.62)}Z" fill="#efe6cf" stroke="#3d3322" stroke-width=".8"/>`)}</g>`;
  }
  if (f.scales) {
    let scales = '';
    for (let i = 0; i < 9; i++) {
      const sx = cx + dice.range(-w * 0.85, w * 0.85);
      const sy = cy + dice.range(-h * 0.85, -h * 0.35);
      scales += `<path d="M${n(sx - 4)} ${n(sy)}q4 5 8 0" stroke="${tone(s.skin, -14)}" stroke-width="1.5" fill="none"/>`;
    }
    scales += mirror(
      `<path d="M${n(cx - w * 0.9)} ${n(cy + h * 0.35)}q5 5 10 0q5 5 10 0" stroke="${tone(s.skin, 14)}" stroke-width="1.5" fill="none"/>`,
    );
    out += `<g class="feature-scales">${scales}</g>`;
  }
  // Marks that make one hero this hero: scars, freckles, war paint, tattoos.
  const mark = dice.int(0, 4);
  if (mark === 0)
    out += `<path d="M${n(cx + ex - 4)} ${n(ey - 14)}l8 24" stroke="${tone(s.skin, -22, 15)}" stroke-width="2" fill="none"/><path d="M${n(cx + ex - 3)} ${n(ey - 6)}l6 -2m-4 10l6 -2" stroke="${tone(s.skin, -22, 15)}" stroke-width="1.2"/>`;
  else if (mark === 1) {
    for (let i = 0; i < 6; i++)
      out += `<circle cx="${n(cx + (i % 2 ? 1 : -1) * dice.range(w * 0.3, w * 0.6))}" cy="${n(cy + h * dice.range(0.2, 0.35))}" r=".9" fill="${tone(s.skin, -20)}"/>`;
  } else if (mark === 2) {
    const paint = hsl(dice.pick([0, 200, 45, 280]), 60, 45, 0.75);
    out += mirror(
      `<path d="M${n(cx - w * 0.75)} ${n(ey + 5)}l12 2M${n(cx - w * 0.72)} ${n(ey + 10)}l10 2" stroke="${paint}" stroke-width="2.5" stroke-linecap="round"/>`,
    );
  } else if (mark === 3) {
    out += `<path d="M${n(cx)} ${n(cy - h * 0.62)}l-4 7h8z" fill="${hsl(dice.range(0, 360), 60, 60, 0.7)}"/>`;
  }
  // Cheek light gives the face some volume.
  out += mirror(
    `<ellipse cx="${n(cx - w * 0.55)}" cy="${n(cy + h * 0.35)}" rx="${n(w * 0.18)}" ry="${n(h * 0.1)}" fill="${hsl(0, 70, 60, 0.14)}"/>`,
  );
  return out;
}

function beard(s: Sitter): string {
  const { cx, cy, w, h, dice } = s;
  const style = s.f.beard;
  if (!style || (style.chance < 1 && !dice.chance(style.chance))) return '';
  const c = tone(s.hair);
  const long = style.braided ? dice.range(1.55, 1.9) : dice.range(1.05, 1.3);
  let out = `<path d="M${n(cx - w * 0.95)} ${n(cy + h * 0.1)}C${n(cx - w * 0.95)} ${n(cy + h * 0.9)} ${n(cx - w * 0.5)} ${n(cy + h * long)} ${n(cx)} ${n(cy + h * (long + 0.1))}C${n(cx + w * 0.5)} ${n(cy + h * long)} ${n(cx + w * 0.95)} ${n(cy + h * 0.9)} ${n(cx + w * 0.95)} ${n(cy + h * 0.1)}L${n(cx + w * 0.6)} ${n(cy + h * 0.45)}Q${n(cx)} ${n(cy + h * 0.32)} ${n(cx - w * 0.6)} ${n(cy + h * 0.45)}Z" fill="${c}"/>`;
  out += `<path d="M${n(cx - w * 0.45)} ${n(cy + h * 0.58)}Q${n(cx)} ${n(cy + h * 0.42)} ${n(cx + w * 0.45)} ${n(cy + h * 0.58)}" stroke="${tone(s.hair, -10)}" stroke-width="5" fill="none" stroke-linecap="round"/>`;
  out += `<path d="M${n(cx - 6)} ${n(cy + h * 0.9)}v${n(h * 0.5)}M${n(cx + 6)} ${n(cy + h * 0.9)}v${n(h * 0.45)}" stroke="${tone(s.hair, 14, 0, 0.5)}" stroke-width="1.5"/>`;
  if (style.braided)
    out += `<rect x="${n(cx - 6)}" y="${n(cy + h * (long - 0.3))}" width="12" height="5" rx="1.5" fill="#c9a227" stroke="#5a4510" stroke-width=".8"/>`;
  return `<g class="${style.braided ? 'feature-braided-beard' : 'feature-beard'}">${out}</g>`;
}

// Outfits and held items: the class should read from the silhouette before any detail.
function outfit(s: Sitter): string {
  const cl = tone(s.cloth);
  const dk = tone(s.cloth, -12);
  const lt = tone(s.cloth, 14);
  const tr = tone(s.trim);
  const S = 70 * s.breadth;
  const body = `<path d="${bodyPath(s)}" fill="${cl}"/>`;
  const pauldrons = (c: string, rim: string): string =>
    mirror(
      `<path d="M${n(100 - S - 8)} 214C${n(100 - S - 10)} 184 ${n(100 - S * 0.6)} 166 ${n(100 - S * 0.25)} 176C${n(100 - S * 0.3)} 196 ${n(100 - S * 0.55)} 212 ${n(100 - S - 8)} 214Z" fill="${c}" stroke="${rim}" stroke-width="3"/><path d="M${n(100 - S * 0.9)} 188q${n(S * 0.3)} -12 ${n(S * 0.5)} -8" stroke="#fff6" stroke-width="2" fill="none"/>`,
    );
  const vneck = (c: string): string =>
    `<path d="M${n(100 - S * 0.42)} 170L100 212L${n(100 + S * 0.42)} 170" fill="none" stroke="${c}" stroke-width="6"/>`;
  switch (s.cls) {
    case 'knight':
      return (
        body +
        `<path d="M70 172L100 236L130 172Z" fill="${dk}"/><path d="M100 180v56" stroke="${lt}" stroke-width="3"/>` +
        pauldrons(lt, dk) +
        `<rect x="78" y="164" width="44" height="12" rx="4" fill="${dk}"/>`
      );
    case 'paladin':
      return (
        body +
        `<path d="M72 176h56v64h-56z" fill="${tone(s.trim, -30)}"/><path d="M100 186v34M86 200h28" stroke="${tr}" stroke-width="6"/>` +
        pauldrons('#e8e3d4', tr) +
        `<rect x="78" y="164" width="44" height="12" rx="4" fill="${tr}"/>`
      );
    case 'ranger':
      return (
        body +
        `<path d="M${n(100 - S * 0.8)} 180L${n(100 + S * 0.6)} 240" stroke="${tr}" stroke-width="7"/><circle cx="${n(100 - S * 0.2)}" cy="200" r="3" fill="#c9a227"/>` +
        vneck(dk)
      );
    case 'sorcerer':
      return (
        body +
        `<path d="M${n(100 - S * 0.5)} 176L100 240L${n(100 + S * 0.5)} 176" fill="${dk}"/><path d="M${n(100 - S * 0.6)} 150L${n(100 - S * 0.42)} 176L100 236L${n(100 + S * 0.42)} 176L${n(100 + S * 0.6)} 150" fill="none" stroke="${tr}" stroke-width="3"/>` +
        mirror(
          `<path d="M${n(100 - S * 0.6)} 150L${n(100 - S * 0.42)} 178L${n(100 - S * 0.2)} 172Z" fill="${lt}"/>`,
        )
      );
    case 'cleric':
      return (
        body +
        `<path d="M${n(100 - S * 0.35)} 172L${n(100 - S * 0.3)} 240M${n(100 + S * 0.35)} 172L${n(100 + S * 0.3)} 240" stroke="${tr}" stroke-width="8"/>` +
        vneck(tone(s.cloth, -20))
      );
    case 'assassin':
      return (
        body +
        `<path d="M${n(100 - S * 0.7)} 176L${n(100 + S * 0.5)} 236M${n(100 + S * 0.7)} 176L${n(100 - S * 0.5)} 236" stroke="${lt}" stroke-width="4"/>` +
        vneck(tr)
      );
    case 'necromancer':
      return (
        body +
        vneck(tr) +
        `<g class="feature-skull-pauldron"><circle cx="${n(100 - S * 0.8)}" cy="186" r="11" fill="#d9d4c2"/><circle cx="${n(100 - S * 0.8 - 4)}" cy="185" r="3" fill="#151515"/><circle cx="${n(100 - S * 0.8 + 4)}" cy="185" r="3" fill="#151515"/><rect x="${n(100 - S * 0.8 - 5)}" y="192" width="10" height="4" fill="#b8b2a0"/></g>`
      );
    case 'druid':
      return (
        body +
        vneck(tr) +
        mirror(
          `<path d="M${n(100 - S * 0.9)} 200q12 -14 30 -8q-10 14 -30 8z" fill="${hsl(100, 45, 38)}"/><path d="M${n(100 - S * 0.6)} 220q10 -12 24 -6q-8 12 -24 6z" fill="${hsl(85, 45, 42)}"/>`,
        )
      );
    case 'berserker':
      return (
        `<path d="${bodyPath(s)}" fill="${tone(s.skin, -4)}"/><path d="M92 190q8 6 16 0M88 206q12 6 24 0" stroke="${tone(s.skin, -18)}" stroke-width="2" fill="none"/><path d="M${n(100 - S * 0.7)} 176L${n(100 + S * 0.4)} 240" stroke="${dk}" stroke-width="8"/>` +
        mirror(
          `<path d="M${n(100 - S - 10)} 206C${n(100 - S - 8)} 176 ${n(100 - S * 0.5)} 164 ${n(100 - S * 0.15)} 172L${n(100 - S * 0.3)} 182L${n(100 - S * 0.5)} 178L${n(100 - S * 0.6)} 190L${n(100 - S * 0.8)} 186L${n(100 - S * 0.9)} 200Z" fill="${cl}"/>`,
        ) +
        `<path d="M70 200l10 -6m40 6l-10 -6" stroke="${tr}" stroke-width="3"/>`
      );
    case 'bard':
      return (
        body +
        mirror(
          `<path d="M${n(100 - S - 8)} 222C${n(100 - S - 6)} 190 ${n(100 - S * 0.7)} 172 ${n(100 - S * 0.4)} 174L${n(100 - S * 0.35)} 220Z" fill="${hsl(s.cloth.h + 180, 45, 45)}"/><path d="M${n(100 - S * 0.95)} 188l${n(S * 0.5)} 0M${n(100 - S)} 202l${n(S * 0.6)} 0" stroke="${tr}" stroke-width="2"/>`,
        ) +
        `<path d="M88 172h24l-12 18z" fill="#f3ead6"/>`
      );
    default:
      return body + vneck(dk);
  }
}

/** Things worn on the head, drawn over hair. */
function headgear(s: Sitter): string {
  const { cx, cy, w, h, dice } = s;
  const top = cy - h;
  const tr = tone(s.trim);
  switch (s.cls) {
    case 'paladin':
    case 'cleric':
      return `<ellipse cx="${n(cx)}" cy="${n(top - 6)}" rx="${n(w * 0.9)}" ry="6" fill="none" stroke="${hsl(48, 90, 70, 0.8)}" stroke-width="3"/>`;
    case 'sorcerer':
      return dice.chance(0.5)
        ? `<path d="M${n(cx - w * 1.3)} ${n(top + h * 0.32)}Q${n(cx)} ${n(top + h * 0.1)} ${n(cx + w * 1.3)} ${n(top + h * 0.32)}L${n(cx + w * 0.6)} ${n(top + h * 0.15)}L${n(cx + w * 0.3)} ${n(top - h * 0.9)}L${n(cx - w * 0.15)} ${n(top - h * 1.05)}L${n(cx - w * 0.6)} ${n(top + h * 0.15)}Z" fill="${tone(s.cloth)}" stroke="${tr}" stroke-width="2"/><circle cx="${n(cx)}" cy="${n(top - h * 0.2)}" r="3" fill="${tr}"/>`
        : `<path d="M${n(cx - w * 0.9)} ${n(top + h * 0.35)}Q${n(cx)} ${n(top + h * 0.15)} ${n(cx + w * 0.9)} ${n(top + h * 0.35)}" stroke="${tr}" stroke-width="2.5" fill="none"/><path d="M${n(cx)} ${n(top + h * 0.12)}l-4 5l4 5l4 -5z" fill="${hsl(195, 90, 65)}"/>`;
    case 'druid':
      return `<g class="feature-antlers">${mirror(`<path d="M${n(cx - w * 0.5)} ${n(top + 6)}l-10 -26m4 10l-12 -6m10 -6l-2 -14" stroke="#6b4a2a" stroke-width="4" stroke-linecap="round" fill="none"/><path d="M${n(cx - w * 0.85)} ${n(top + h * 0.2)}q-4 -10 6 -14q2 10 -6 14z" fill="${hsl(110, 45, 40)}"/>`)}</g>`;
    case 'bard':
      return `<path d="M${n(cx - w * 1.15)} ${n(top + h * 0.3)}Q${n(cx - w * 0.3)} ${n(top - h * 0.5)} ${n(cx + w * 1.05)} ${n(top + h * 0.05)}Q${n(cx)} ${n(top + h * 0.1)} ${n(cx - w * 1.15)} ${n(top + h * 0.3)}Z" fill="${tone(s.cloth)}"/><path d="M${n(cx + w * 0.5)} ${n(top)}C${n(cx + w * 1.4)} ${n(top - h * 0.6)} ${n(cx + w * 1.8)} ${n(top - h * 0.7)} ${n(cx + w * 2)} ${n(top - h * 1.05)}C${n(cx + w * 1.4)} ${n(top - h * 0.5)} ${n(cx + w)} ${n(top - h * 0.1)} ${n(cx + w * 0.6)} ${n(top + 4)}Z" fill="${hsl(s.cloth.h + 180, 60, 60)}"/>`;
    case 'knight':
      return !s.f.horns
        ? `<path d="M${n(cx - w * 1.08)} ${n(cy - h * 0.05)}C${n(cx - w * 1.2)} ${n(top - h * 0.4)} ${n(cx + w * 1.2)} ${n(top - h * 0.4)} ${n(cx + w * 1.08)} ${n(cy - h * 0.05)}L${n(cx + w * 0.7)} ${n(cy - h * 0.32)}L${n(cx - w * 0.7)} ${n(cy - h * 0.32)}Z" fill="${hsl(215, 8, 55)}" stroke="#2b3242" stroke-width="2"/><path d="M${n(cx)} ${n(top - h * 0.3)}v${n(h * 0.9)}" stroke="#2b3242" stroke-width="3"/>`
        : '';
    case 'berserker':
      return mirror(
        `<path d="M${n(cx - w * 0.9)} ${n(cy - h * 0.1)}l-4 14M${n(cx - w * 0.75)} ${n(cy - h * 0.12)}l-2 12" stroke="${hsl(0, 70, 40)}" stroke-width="3"/>`,
      );
    default:
      return '';
  }
}

/** A hood frames the face for rangers, rogues and necromancers (drawn around the head). */
function hood(s: Sitter, front: boolean): string {
  if (!['ranger', 'assassin', 'necromancer'].includes(s.cls)) return '';
  const { cx, cy, w, h } = s;
  const top = cy - h;
  const c = tone(s.cloth, s.cls === 'ranger' ? -3 : 4);
  if (!front)
    return `<path d="M${n(cx - w * 1.5)} 178C${n(cx - w * 1.6)} ${n(cy)} ${n(cx - w * 1.35)} ${n(top - h * 0.45)} ${n(cx)} ${n(top - h * 0.5)}C${n(cx + w * 1.35)} ${n(top - h * 0.45)} ${n(cx + w * 1.6)} ${n(cy)} ${n(cx + w * 1.5)} 178Z" fill="${c}"/>`;
  // The rim sits just outside the face so ears still show through the gap.
  return (
    `<path d="M${n(cx - w * 1.5)} 178C${n(cx - w * 1.6)} ${n(cy)} ${n(cx - w * 1.35)} ${n(top - h * 0.45)} ${n(cx)} ${n(top - h * 0.5)}C${n(cx + w * 1.35)} ${n(top - h * 0.45)} ${n(cx + w * 1.6)} ${n(cy)} ${n(cx + w * 1.5)} 178L${n(cx + w * 1.15)} 178C${n(cx + w * 1.2)} ${n(cy)} ${n(cx + w * 1.05)} ${n(top - h * 0.12)} ${n(cx)} ${n(top - h * 0.14)}C${n(cx - w * 1.05)} ${n(top - h * 0.12)} ${n(cx - w * 1.2)} ${n(cy)} ${n(cx - w * 1.15)} 178Z" fill="${c}" stroke="${tone(s.cloth, -10)}" stroke-width="1.5"/>` +
    (s.cls === 'assassin'
      ? `<path d="M${n(cx - w * 0.98)} ${n(cy + h * 0.3)}Q${n(cx)} ${n(cy + h * 0.15)} ${n(cx + w * 0.98)} ${n(cy + h * 0.3)}L${n(cx + w * 0.6)} ${n(cy + h * 0.95)}Q${n(cx)} ${n(cy + h * 1.15)} ${n(cx - w * 0.6)} ${n(cy + h * 0.95)}Z" fill="${tone(s.cloth, -5)}" class="feature-mask"/>`
      : '')
  );
}

/** Items behind the body (long hafts, bows, wings). */
function propsBack(s: Sitter): string {
  const tr = tone(s.trim);
  switch (s.cls) {
    case 'ranger':
      return `<g class="item-bow"><path d="M34 30C-2 90 -2 170 34 228" stroke="#7a5230" stroke-width="7" fill="none" stroke-linecap="round"/><path d="M34 30L34 228" stroke="#e9e0c8" stroke-width="1.2"/></g><g class="item-quiver"><path d="M150 130l22 -48" stroke="#6b4426" stroke-width="14" stroke-linecap="round"/>${[0, 1, 2].map((i) => `<path d="M${164 + i * 5} 86l${6 + i * 2} -18" stroke="#d9d0b8" stroke-width="2"/><path d="M${168 + i * 5} 76l${3 + i} -12l4 8z" fill="${hsl(0, 60, 45)}"/>`).join('')}</g>`;
    case 'sorcerer':
      return `<g class="item-staff"><path d="M170 234L170 50" stroke="#5a3d22" stroke-width="6" stroke-linecap="round"/><path d="M170 58l-10 -14l10 -22l10 22z" fill="${hsl(195, 85, 62)}" stroke="#dff" stroke-width="1"/><circle cx="170" cy="40" r="22" fill="${hsl(195, 90, 65, 0.22)}"/></g>`;
    case 'necromancer':
      return `<g class="item-scythe"><path d="M28 236L40 36" stroke="#2a2420" stroke-width="6" stroke-linecap="round"/><path d="M40 40C80 28 118 48 132 80C106 60 78 56 40 62Z" fill="#aab0b8" stroke="#3b3f46" stroke-width="1.5"/><circle cx="40" cy="46" r="16" fill="${hsl(120, 90, 55, 0.2)}"/></g>`;
    case 'druid':
      return `<g class="item-staff"><path d="M168 236C172 180 162 120 172 60C176 44 166 34 158 30" stroke="#6b4a2a" stroke-width="7" fill="none" stroke-linecap="round"/><path d="M166 44q-18 -4 -20 -18q16 2 20 18zM174 58q16 -8 14 -22q-14 6 -14 22z" fill="${hsl(105, 55, 42)}"/><circle cx="170" cy="36" r="6" fill="${hsl(90, 80, 60)}"/></g>`;
    case 'berserker':
      return `<g class="item-axe"><path d="M30 236L150 40" stroke="#5a3d22" stroke-width="7" stroke-linecap="round"/><path d="M150 40C160 20 186 20 190 30C176 42 172 58 176 74C160 72 146 62 138 52ZM150 40C146 18 130 8 116 10C124 26 120 40 110 50C122 56 134 54 142 48Z" fill="#9aa3b2" stroke="#2b3242" stroke-width="2"/></g>`;
    case 'paladin':
      return `<circle cx="100" cy="${n(s.cy - 6)}" r="58" fill="${hsl(48, 90, 65, 0.13)}" stroke="${hsl(48, 90, 70, 0.35)}" stroke-width="2"/><g class="item-hammer"><path d="M176 236L168 66" stroke="#6b4a2a" stroke-width="6"/><rect x="150" y="46" width="36" height="22" rx="3" fill="#c9c3b2" stroke="${tr}" stroke-width="2"/></g>`;
    case 'cleric':
      return `<circle cx="100" cy="${n(s.cy - 6)}" r="60" fill="${hsl(50, 90, 70, 0.12)}"/>`;
    default:
      return '';
  }
}

/** Items in front of the body: what the hero holds towards you. */
function propsFront(s: Sitter): string {
  const tr = tone(s.trim);
  const d = s.dice;
  switch (s.cls) {
    case 'knight': {
      const shieldHue = d.range(0, 360);
      return `<g class="item-sword"><path d="M166 198L166 54L172 42L178 54L178 198Z" fill="#d6dbe3" stroke="#5b6474" stroke-width="1.5"/><path d="M172 52V196" stroke="#8a93a3" stroke-width="1.5"/><rect x="154" y="196" width="36" height="7" rx="2" fill="${tr}"/><rect x="168" y="203" width="8" height="24" fill="#4a3422"/><circle cx="172" cy="230" r="5" fill="${tr}"/></g><g class="item-shield"><circle cx="38" cy="202" r="36" fill="${hsl(shieldHue, 45, 32)}" stroke="#8a93a3" stroke-width="5"/><circle cx="38" cy="202" r="9" fill="#c9ced6"/><path d="M38 170v64M6 202h64" stroke="#0004" stroke-width="3"/></g>`;
    }
    case 'paladin':
      return `<g class="item-shield"><path d="M8 168H70V200C70 222 52 236 39 240C26 236 8 222 8 200Z" fill="#efe9d8" stroke="${tr}" stroke-width="4"/><circle cx="39" cy="198" r="10" fill="${tr}"/><path d="M39 178v40M19 198h40M25 184l28 28M53 184l-28 28" stroke="${tr}" stroke-width="2"/></g>`;
    case 'sorcerer':
      return `<g class="item-orb"><circle cx="36" cy="206" r="26" fill="${hsl(265, 80, 60, 0.2)}"/><circle cx="36" cy="206" r="16" fill="${hsl(265, 80, 62)}" stroke="#e9d8ff" stroke-width="1.5"/><circle cx="31" cy="200" r="5" fill="#fff" opacity=".6"/></g>`;
    case 'cleric':
      return `<g class="item-holy-symbol"><path d="M100 170v18" stroke="${tr}" stroke-width="2"/><circle cx="100" cy="206" r="18" fill="${tr}" stroke="#fff3c4" stroke-width="2"/>${Array.from({ length: 8 }, (_, i) => `<path d="M${n(100 + 20 * Math.cos((i * Math.PI) / 4))} ${n(206 + 20 * Math.sin((i * Math.PI) / 4))}L${n(100 + 28 * Math.cos((i * Math.PI) / 4))} ${n(206 + 28 * Math.sin((i * Math.PI) / 4))}" stroke="${tr}" stroke-width="3"/>`).join('')}<path d="M100 196v20M92 204h16" stroke="#fff8e0" stroke-width="4"/></g><g class="item-mace"><path d="M172 236L176 150" stroke="#5a3d22" stroke-width="6"/><circle cx="176" cy="142" r="13" fill="#c9c3b2" stroke="#5b6474" stroke-width="2"/></g>`;
    case 'assassin':
      return `<g class="item-daggers"><path d="M34 236L78 170L84 166L82 174L40 238Z" fill="#cfd5de" stroke="#4a5260" stroke-width="1.2"/><path d="M166 236L122 170L116 166L118 174L160 238Z" fill="#cfd5de" stroke="#4a5260" stroke-width="1.2"/><path d="M40 224l14 8M160 224l-14 8" stroke="${tr}" stroke-width="4"/></g>`;
    case 'necromancer':
      return `<g class="item-soul-flame"><path d="M168 226C150 214 154 196 166 186C166 198 172 200 176 192C186 206 184 222 168 226Z" fill="${hsl(120, 85, 50, 0.85)}"/><circle cx="168" cy="210" r="20" fill="${hsl(120, 85, 50, 0.15)}"/></g>`;
    case 'bard':
      return `<g class="item-lute"><path d="M150 140L190 100" stroke="#5a3d22" stroke-width="8" stroke-linecap="round"/><rect x="182" y="88" width="12" height="16" rx="2" fill="#3a2614" transform="rotate(45 188 96)"/><ellipse cx="126" cy="190" rx="36" ry="28" fill="#b5793a" stroke="#5a3d22" stroke-width="3" transform="rotate(-45 126 190)"/><circle cx="130" cy="186" r="8" fill="#2a1a0c"/><path d="M112 210L184 102M116 212L188 106" stroke="#f0e6c8" stroke-width=".8"/></g>`;
    case 'druid':
      return `<g class="item-vine"><path d="M20 236C40 210 26 190 48 176" stroke="${hsl(110, 45, 35)}" stroke-width="3" fill="none"/><circle cx="48" cy="176" r="5" fill="${hsl(330, 70, 70)}"/></g>`;
    default:
      return '';
  }
}

// ---------- emblem and frame ----------

const TYPE_EMBLEMS: Record<string, { fill: string; glyph: string }> = {
  tank: { fill: '#3b5b8c', glyph: '<path d="M0 -8L7 -5V1C7 5 4 8 0 9C-4 8 -7 5 -7 1V-5Z" fill="#e6edf7"/>' },
  damage: {
    fill: '#8c2f2f',
    glyph:
      '<path d="M-6 7L5 -4L6 -8L2 -7L-9 4ZM-7 2L-2 7" stroke="#f7e6e6" stroke-width="2" fill="#f7e6e6"/>',
  },
  support: {
    fill: '#2f7a45',
    glyph: '<path d="M-2.5 -8h5v5.5h5.5v5h-5.5v5.5h-5v-5.5h-5.5v-5h5.5Z" fill="#e6f7ea"/>',
  },
};

function typeEmblem(type: string): string {
  const key = type.toLowerCase();
  const e = own(TYPE_EMBLEMS, key) ?? { fill: '#4a4f5c', glyph: '<circle r="4" fill="#ece6d6"/>' };
  return `<g class="type-emblem type-${key.replace(/[^a-z0-9-]/g, '')}" transform="translate(24 24)"><circle r="14" fill="${e.fill}" stroke="#0f1117" stroke-width="2"/><circle r="14" fill="none" stroke="#ece6d6" stroke-opacity=".35" stroke-width="1"/>${e.glyph}</g>`;
}

function star(x: number, y: number, r: number, fill: string): string {
  let d = '';
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 ? r * 0.45 : r;
    d += `${i ? 'L' : 'M'}${n(x + rr * Math.cos(a))} ${n(y + rr * Math.sin(a))}`;
  }
  return `<path class="star" d="${d}Z" fill="${fill}"/>`;
}

function frame(id: string, rarity: number): { defs: string; body: string; style: string } {
  const c = RARITY_COLOURS[rarity];
  let defs = '';
  let body = '';
  let style = '';
  if (rarity >= 3)
    body += `<rect x="5" y="5" width="190" height="230" rx="12" fill="none" stroke="${c}" stroke-opacity=".35" stroke-width="10"/>`;
  if (rarity === 5) {
    defs += `<linearGradient id="${id}-gold" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fde68a"/><stop offset=".5" stop-color="#eab308"/><stop offset="1" stop-color="#a16207"/></linearGradient><linearGradient id="${id}-sh" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset=".5" stop-color="#fff8d0" stop-opacity=".35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>`;
    style = `<style>.${id}-sh{animation:${id}-go 7s ease-in-out infinite}@keyframes ${id}-go{0%{transform:translateX(-280px)}60%,100%{transform:translateX(280px)}}@media (prefers-reduced-motion: reduce){.${id}-sh{animation:none;opacity:0}}</style>`;
    body += `<g clip-path="url(#${id}-clip)"><rect class="${id}-sh" x="-40" y="-20" width="90" height="280" fill="url(#${id}-sh)" transform="translate(-280 0)"/></g>`;
  }
  const stroke = rarity === 5 ? `url(#${id}-gold)` : c;
  body += `<rect x="3" y="3" width="194" height="234" rx="12" fill="none" stroke="${stroke}" stroke-width="${rarity === 1 ? 3 : 4}"/>`;
  if (rarity >= 2)
    body += `<rect x="9" y="9" width="182" height="222" rx="8" fill="none" stroke="${c}" stroke-opacity="${rarity >= 4 ? 0.9 : 0.4}" stroke-width="${rarity >= 4 ? 2 : 1}"/>`;
  if (rarity >= 4) {
    const gem = (x: number, y: number): string =>
      `<path d="M${x} ${y - 7}L${x + 7} ${y}L${x} ${y + 7}L${x - 7} ${y}Z" fill="${stroke}" stroke="#0f1117" stroke-width="1.5"/>`;
    body += gem(100, 4) + gem(196, 120) + gem(4, 120);
  }
  if (rarity === 5)
    body += `<path d="M3 40V15Q3 3 15 3H40M160 3H185Q197 3 197 15V40M197 200V225Q197 237 185 237H160M40 237H15Q3 237 3 225V200" fill="none" stroke="#fde68a" stroke-width="3"/>`;
  // Stars sit on a dark pill at the bottom so the count is always beside the colour.
  const wPill = 14 + rarity * 14;
  body += `<rect x="${n(100 - wPill / 2)}" y="220" width="${wPill}" height="16" rx="8" fill="#0f1117" fill-opacity=".85" stroke="${c}" stroke-width="1"/>`;
  for (let i = 0; i < rarity; i++) body += star(100 - ((rarity - 1) * 14) / 2 + i * 14, 228, 5.5, c);
  return { defs, body, style };
}

// ---------- the portrait ----------

/** The races and classes drawn with a look of their own (any other id draws the generic look). */
export const DRAWN_RACES: readonly string[] = Object.keys(RACE_LOOKS);
export const DRAWN_CLASSES: readonly string[] = Object.keys(CLASS_LOOKS);

export function renderPortrait(k: PortraitKey): string {
  const raceId = String(k.raceId ?? '').toLowerCase();
  const classId = String(k.classId ?? '').toLowerCase();
  const rarity = Math.min(5, Math.max(1, Math.round(Number(k.rarity) || 1)));
  const seed = Number(k.seed) >>> 0;
  // Own-property lookups: an id such as 'constructor' must draw the generic look, not reach Object.prototype.
  const race = Object.hasOwn(RACE_LOOKS, raceId) ? raceId : 'generic';
  const cls = Object.hasOwn(CLASS_LOOKS, classId) ? classId : 'generic';
  const look = own(RACE_LOOKS, race) ?? GENERIC_RACE;
  const classLook = own(CLASS_LOOKS, cls) ?? GENERIC_CLASS;
  const dice = artDice(seed ^ hashText(`${raceId}|${classId}`));
  // Ids are unique per key so many inline portraits on one page never share a gradient.
  const id = `p${seed.toString(36)}${hashText(`${raceId}|${classId}|${k.type}|${rarity}`).toString(36)}`;
  const s: Sitter = {
    id,
    dice,
    race,
    cls,
    f: look.features,
    cx: 100,
    cy: look.cy + dice.range(-2, 2),
    w: look.w * dice.range(0.95, 1.05),
    h: look.h * dice.range(0.96, 1.04),
    jaw: look.jaw,
    breadth: look.breadth,
    skin: look.skin(dice),
    hair: look.hair(dice),
    eye: look.eye(dice),
    cloth: classLook.cloth(dice),
    trim: classLook.trim(dice),
    hairStyle: dice.pick(look.hairStyles),
  };
  if (['assassin', 'necromancer', 'ranger'].includes(s.cls) && ['mohawk', 'topknot'].includes(s.hairStyle))
    s.hairStyle = 'crop';

  const bg = background(s, classLook.aura);
  const fr = frame(id, rarity);
  const skinGrad = `<radialGradient id="${id}-sk" cx="40%" cy="35%" r="70%"><stop offset="0" stop-color="${tone(s.skin, 8)}"/><stop offset="1" stop-color="${tone(s.skin, -10)}"/></radialGradient>`;
  const vignette = `<radialGradient id="${id}-vg" cx="50%" cy="45%" r="70%"><stop offset=".6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".55"/></radialGradient>`;
  const clip = `<clipPath id="${id}-clip"><rect x="3" y="3" width="194" height="234" rx="12"/></clipPath>`;

  const { cx, cy, w, h } = s;
  // Shoulders sit just under the chin whatever the head size, so no race gets a giraffe neck.
  const shoulderShift = Math.min(0, Math.max(-18, cy + h + 16 - 170));
  const neckEnd = 178 + shoulderShift;
  const neck = `<path d="M${n(cx - w * 0.48)} ${n(cy + h * 0.6)}L${n(cx - w * 0.55)} ${n(neckEnd)}L${n(cx + w * 0.55)} ${n(neckEnd)}L${n(cx + w * 0.48)} ${n(cy + h * 0.6)}Z" fill="${tone(s.skin, -14)}"/>`;
  // One light from the upper left: a form shade over head and body, and the jaw's shadow on the neck.
  const formShade = `<linearGradient id="${id}-fs" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity=".12"/><stop offset=".45" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".32"/></linearGradient>`;
  const head = `<path d="${headPath(s)}" fill="url(#${id}-sk)"/><path d="${headPath(s)}" fill="url(#${id}-fs)"/>`;
  const jawShadow = `<ellipse cx="${n(cx)}" cy="${n(cy + h * 0.9)}" rx="${n(w * 0.55)}" ry="7" fill="#000" opacity=".28"/>`;
  const raceGroup = ears(s) + head + face(s) + beard(s) + hairFront(s);
  // Horns, beast ears and antennae rise through hoods and hats, so they are drawn after them.
  // Horns rise through hoods and hats, so they are drawn after them.
  const raceTop = s.f.horns ? horns(s) : '';

  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 240" width="200" height="240" role="img" aria-label="${raceId} ${classId} portrait">`,
    fr.style,
    `<defs>${bg.defs}${skinGrad}${formShade}${vignette}${clip}${fr.defs}</defs>`,
    `<g clip-path="url(#${id}-clip)">`,
    bg.body,
    propsBack(s),
    hood(s, false),
    hairBack(s),
    `<g class="class class-${s.cls}" data-class="${s.cls}" transform="translate(0 ${n(shoulderShift)})">${outfit(s)}</g>`,
    `<path d="${bodyPath(s)}" transform="translate(0 ${n(shoulderShift)})" fill="url(#${id}-fs)"/>`,
    neck,
    jawShadow,
    `<g class="race race-${s.race}" data-race="${s.race}">${raceGroup}</g>`,
    headgear(s),
    hood(s, true),
    `<g class="race-top">${raceTop}</g>`,
    `<g class="class-item">${propsFront(s)}</g>`,
    `<rect width="200" height="240" fill="url(#${id}-vg)"/>`,
    `</g>`,
    typeEmblem(String(k.type ?? '')),
    `<g class="frame rarity-${rarity}">${fr.body}</g>`,
    `</svg>`,
  ];
  return parts.join('');
}
