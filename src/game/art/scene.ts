// Location art: wide layered SVG landscapes (1200×600) for dungeons, combat backgrounds and the world map.
// Each theme is a list of layers drawn back to front; the dice are seeded by the theme name, so a scene never
// changes between requests. Served under scenePath() in paths.ts.

import { artDice, hashText, hsl, n, type ArtDice } from './art-dice.ts';

export const SCENE_THEMES = [
  'arena',
  'crypt',
  'fortress',
  'void',
  'forest',
  'cavern',
  'swamp',
  'volcano',
  'map',
] as const;
export type SceneTheme = (typeof SCENE_THEMES)[number];

const ALIASES: Record<string, SceneTheme> = {
  sanctum: 'void',
  random: 'forest',
  woods: 'forest',
  cave: 'cavern',
  marsh: 'swamp',
  lava: 'volcano',
  world: 'map',
};

/** The theme for a place: a dungeon named '… Crypt' gets the crypt, 'Void Sanctum' the void, and so on. */
export function sceneThemeFor(locationName: string, locationType = 'random'): SceneTheme {
  const name = String(locationName ?? '').toLowerCase();
  for (const t of SCENE_THEMES) if (t !== 'map' && name.includes(t)) return t;
  for (const [word, t] of Object.entries(ALIASES)) if (name.includes(word)) return t;
  if (locationType === 'arena') return 'arena';
  return locationType === 'dungeon' ? 'crypt' : 'forest';
}

interface Canvas {
  id: string;
  d: ArtDice;
  defs: string[];
}

function linear(c: Canvas, name: string, stops: [number, string][], vertical = true): string {
  const id = `${c.id}-${name}`;
  c.defs.push(
    `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}">${stops.map(([o, col]) => `<stop offset="${o}" stop-color="${col}"/>`).join('')}</linearGradient>`,
  );
  return `url(#${id})`;
}

function radial(c: Canvas, name: string, inner: string, outer = 'transparent'): string {
  const id = `${c.id}-${name}`;
  c.defs.push(
    `<radialGradient id="${id}"><stop offset="0" stop-color="${inner}"/><stop offset="1" stop-color="${outer}" stop-opacity="0"/></radialGradient>`,
  );
  return `url(#${id})`;
}

function ridge(c: Canvas, base: number, amp: number, fill: string, steps = 24, sharp = false): string {
  const { d } = c;
  const p1 = d.range(0, 6);
  const p2 = d.range(0, 6);
  let path = `M-10 600L-10 ${n(base)}`;
  for (let i = 0; i <= steps; i++) {
    const x = (1220 * i) / steps - 10;
    const y =
      base -
      amp * (0.5 + 0.3 * Math.sin(i * 0.7 + p1) + 0.2 * Math.sin(i * 1.9 + p2)) -
      (sharp ? d.range(0, amp * 0.5) : 0);
    path += `L${n(x)} ${n(y)}`;
  }
  return `<path d="${path}L1210 600Z" fill="${fill}"/>`;
}

function stars(c: Canvas, count: number, maxY: number, colour = '#fff'): string {
  let out = '';
  for (let i = 0; i < count; i++)
    out += `<circle cx="${n(c.d.range(0, 1200))}" cy="${n(c.d.range(0, maxY))}" r="${n(c.d.range(0.6, 2))}" fill="${colour}" opacity="${n(c.d.range(0.3, 0.95))}"/>`;
  return out;
}

function pine(x: number, y: number, h: number, fill: string): string {
  const w = h * 0.42;
  return `<path d="M${n(x)} ${n(y - h)}L${n(x + w * 0.28)} ${n(y - h * 0.66)}L${n(x + w * 0.18)} ${n(y - h * 0.66)}L${n(x + w * 0.42)} ${n(y - h * 0.33)}L${n(x + w * 0.3)} ${n(y - h * 0.33)}L${n(x + w * 0.5)} ${n(y - h * 0.06)}L${n(x + w * 0.06)} ${n(y - h * 0.06)}L${n(x + w * 0.06)} ${n(y)}L${n(x - w * 0.06)} ${n(y)}L${n(x - w * 0.06)} ${n(y - h * 0.06)}L${n(x - w * 0.5)} ${n(y - h * 0.06)}L${n(x - w * 0.3)} ${n(y - h * 0.33)}L${n(x - w * 0.42)} ${n(y - h * 0.33)}L${n(x - w * 0.18)} ${n(y - h * 0.66)}L${n(x - w * 0.28)} ${n(y - h * 0.66)}Z" fill="${fill}"/>`;
}

function pineRow(c: Canvas, y: number, hMin: number, hMax: number, gap: number, fill: string): string {
  let out = '';
  for (let x = -20; x < 1230; x += gap * c.d.range(0.6, 1.3))
    out += pine(x, y + c.d.range(-6, 6), c.d.range(hMin, hMax), fill);
  return out;
}

function deadTree(c: Canvas, x: number, y: number, h: number, fill: string): string {
  const d = c.d;
  let out = `<path d="M${n(x - h * 0.05)} ${n(y)}Q${n(x - h * 0.02)} ${n(y - h * 0.5)} ${n(x + d.range(-10, 10))} ${n(y - h)}L${n(x + h * 0.05)} ${n(y)}Z" fill="${fill}"/>`;
  for (let i = 0; i < 5; i++) {
    const by = y - h * d.range(0.35, 0.9);
    const dir = i % 2 ? 1 : -1;
    out += `<path d="M${n(x)} ${n(by)}q${n(dir * h * 0.15)} ${n(-h * 0.08)} ${n(dir * h * d.range(0.2, 0.38))} ${n(-h * d.range(0.1, 0.3))}" stroke="${fill}" stroke-width="${n(h * 0.025)}" fill="none" stroke-linecap="round"/>`;
  }
  return out;
}

function fogBand(c: Canvas, y: number, colour: string, opacity: number): string {
  let out = '';
  for (let i = 0; i < 6; i++)
    out += `<ellipse cx="${n(c.d.range(-50, 1250))}" cy="${n(y + c.d.range(-20, 20))}" rx="${n(c.d.range(200, 380))}" ry="${n(c.d.range(20, 45))}" fill="${colour}" opacity="${n(opacity)}"/>`;
  return `<g filter="url(#${c.id}-blur)">${out}</g>`;
}

function banner(
  x: number,
  y: number,
  w: number,
  h: number,
  cloth: string,
  trimColour: string,
  emblem = true,
): string {
  return `<g class="banner"><path d="M${n(x - 4)} ${n(y - 8)}h${n(w + 8)}" stroke="#3a2a1a" stroke-width="5"/><path d="M${n(x)} ${n(y)}h${n(w)}v${n(h)}l${n(-w / 2)} ${n(-h * 0.18)}l${n(-w / 2)} ${n(h * 0.18)}Z" fill="${cloth}" stroke="${trimColour}" stroke-width="2"/>${emblem ? `<circle cx="${n(x + w / 2)}" cy="${n(y + h * 0.4)}" r="${n(w * 0.22)}" fill="none" stroke="${trimColour}" stroke-width="3"/>` : ''}</g>`;
}

// ---------- themes ----------

function arena(c: Canvas): string {
  const d = c.d;
  let out = `<rect width="1200" height="600" fill="${linear(c, 'sky', [
    [0, '#3b2130'],
    [0.45, '#b8643a'],
    [0.75, '#f0b36a'],
  ])}"/>`;
  out += `<circle cx="880" cy="230" r="120" fill="${radial(c, 'sun', '#ffe2a0')}"/><circle cx="880" cy="230" r="46" fill="#ffd98a" opacity=".9"/>`;
  out += ridge(c, 320, 40, '#8a4f36', 20);
  // The amphitheatre: two tiers of arches, a crowd on top, banners between.
  out += `<path d="M-10 200Q600 140 1210 200V430H-10Z" fill="#a8703f"/><path d="M-10 200Q600 140 1210 200V215Q600 155 -10 215Z" fill="#c98d4e"/>`;
  for (let tier = 0; tier < 2; tier++) {
    const y = 235 + tier * 80;
    for (let x = 10; x < 1200; x += 70) {
      const yy = y - 24 * Math.sin((Math.PI * x) / 1200);
      out += `<path d="M${x} ${n(yy + 60)}v-34a22 22 0 0 1 44 0v34Z" fill="#4a2a1c" opacity="${tier ? 0.9 : 0.75}"/>`;
    }
    out += `<path d="M-10 ${y + 62}Q600 ${y + 22} 1210 ${y + 62}" stroke="#d9a060" stroke-width="5" fill="none"/>`;
  }
  // The crowd: three packed rows of heads along the rim.
  for (let row = 0; row < 3; row++)
    for (let x = d.range(0, 8); x < 1200; x += d.range(7, 12)) {
      out += `<circle cx="${n(x)}" cy="${n(184 + row * 9 - 40 * Math.sin((Math.PI * x) / 1200) + d.range(-2, 2))}" r="${n(d.range(3.5, 5))}" fill="${hsl(d.range(0, 50), d.range(20, 60), d.range(18 + row * 6, 40 + row * 6))}"/>`;
    }
  out += `<rect x="-10" y="150" width="1220" height="290" fill="${linear(
    c,
    'shade',
    [
      [0, '#2a140c'],
      [0.5, '#2a140c00'],
      [1, '#2a140c'],
    ],
    false,
  )}" opacity=".55"/>`;
  out += `<path d="M540 432V360a60 60 0 0 1 120 0V432Z" fill="#1c0f08" stroke="#d9a060" stroke-width="4"/>`;
  for (let x = 552; x < 660; x += 18) out += `<path d="M${x} 316V432" stroke="#5a3d22" stroke-width="4"/>`;
  for (let i = 0; i < 7; i++) {
    const x = 60 + i * 180;
    const top = 150 - 36 * Math.sin((Math.PI * x) / 1200);
    out +=
      `<path d="M${x + 20} ${n(top - 30)}V${n(top + 140)}" stroke="#3a2a1a" stroke-width="4"/>` +
      banner(x, top, 40, 110, i % 2 ? '#8c1d1d' : '#1d3a8c', '#d4a73a');
  }
  // The sand floor, raked and lit from the sun side.
  out += `<path d="M-10 420Q600 370 1210 420V600H-10Z" fill="${linear(c, 'sand', [
    [0, '#e2b877'],
    [1, '#a66f35'],
  ])}"/>`;
  for (let i = 0; i < 14; i++)
    out += `<path d="M${n(d.range(0, 1200))} ${n(d.range(450, 590))}q40 -6 90 0" stroke="#8c5a2a" stroke-width="2" opacity=".35" fill="none"/>`;
  out += `<ellipse cx="600" cy="500" rx="300" ry="50" fill="#fff3d0" opacity=".12"/>`;
  out += `<g class="arena-props"><path d="M150 560l30 -120M170 560l-10 -110" stroke="#5a3d22" stroke-width="5"/><circle cx="1040" cy="540" r="34" fill="#7a2323" stroke="#d4a73a" stroke-width="5"/><circle cx="1040" cy="540" r="8" fill="#d4a73a"/></g>`;
  return out;
}

function crypt(c: Canvas): string {
  const d = c.d;
  let out = `<rect width="1200" height="600" fill="${linear(c, 'sky', [
    [0, '#061214'],
    [0.6, '#123a3c'],
    [1, '#1f5a58'],
  ])}"/>`;
  out += stars(c, 60, 250, '#bfeee8');
  out += `<circle cx="300" cy="130" r="140" fill="${radial(c, 'moon', '#bff5ee')}"/><circle cx="300" cy="130" r="48" fill="#dff7f2"/><circle cx="318" cy="120" r="44" fill="#123a3c" opacity=".25"/>`;
  out += ridge(c, 340, 60, '#0e2a2c', 18);
  out += fogBand(c, 350, '#6fd6c8', 0.18);
  // The mausoleum: columns, pediment, a dark door with a faint light.
  out += `<g class="mausoleum"><path d="M700 220L860 150L1020 220Z" fill="#2c4a4a" stroke="#5f8a86" stroke-width="3"/><rect x="715" y="220" width="290" height="18" fill="#3d5c5b"/><rect x="720" y="238" width="280" height="180" fill="#1c3534"/>${[735, 790, 910, 965].map((x) => `<rect x="${x}" y="238" width="22" height="180" fill="#4c6e6c"/>`).join('')}<path d="M830 418V320a30 30 0 0 1 60 0V418Z" fill="#050d0e"/><path d="M850 418V330a10 10 0 0 1 20 0V418Z" fill="#6fd6c8" opacity=".25"/><rect x="700" y="418" width="320" height="16" fill="#3d5c5b"/></g>`;
  out += deadTree(c, 140, 440, 260, '#0a1a1b') + deadTree(c, 1110, 450, 200, '#0a1a1b');
  out += `<path d="M-10 430Q600 400 1210 440V600H-10Z" fill="#0f2526"/>`;
  // Headstones in three rows, nearer ones bigger and darker.
  for (let row = 0; row < 3; row++) {
    const y = 445 + row * 55;
    const scale = 0.7 + row * 0.35;
    for (let x = d.range(0, 60); x < 1200; x += d.range(90, 170) * scale) {
      const w = 34 * scale;
      const h = d.range(48, 70) * scale;
      const tilt = d.range(-8, 8);
      const col = hsl(180, 12, 42 - row * 9);
      const kind = d.int(0, 2);
      const shape =
        kind === 0
          ? `<path d="M${n(-w / 2)} 0V${n(-h + w / 2)}a${n(w / 2)} ${n(w / 2)} 0 0 1 ${n(w)} 0V0Z" fill="${col}"/>`
          : kind === 1
            ? `<path d="M${n(-w * 0.15)} 0V${n(-h * 0.7)}H${n(-w * 0.5)}V${n(-h * 0.88)}H${n(-w * 0.15)}V${n(-h * 1.1)}H${n(w * 0.15)}V${n(-h * 0.88)}H${n(w * 0.5)}V${n(-h * 0.7)}H${n(w * 0.15)}V0Z" fill="${col}"/>`
            : `<rect x="${n(-w / 2)}" y="${n(-h * 0.8)}" width="${n(w)}" height="${n(h * 0.8)}" rx="4" fill="${col}"/>`;
      out += `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(tilt)})">${shape}<path d="M${n(-w * 0.25)} ${n(-h * 0.45)}h${n(w * 0.5)}" stroke="#0b1c1d" stroke-width="2" opacity=".6"/></g>`;
    }
  }
  out += fogBand(c, 520, '#7fe3d4', 0.22) + fogBand(c, 590, '#9ff0e2', 0.2);
  let fence = '';
  for (let x = 0; x < 1200; x += 26)
    fence += `<path d="M${x} 600V${548 + (x % 52 ? 4 : 0)}l4 -8l4 8" stroke="#040a0b" stroke-width="4" fill="none"/>`;
  return out + fence + `<path d="M0 568H1200" stroke="#040a0b" stroke-width="4"/>`;
}

function fortress(c: Canvas): string {
  const d = c.d;
  let out = `<rect width="1200" height="600" fill="${linear(c, 'sky', [
    [0, '#1a202c'],
    [0.6, '#4a5568'],
    [1, '#7b8798'],
  ])}"/>`;
  for (let i = 0; i < 40; i++)
    out += `<circle cx="${n(d.range(0, 1200))}" cy="${n(d.range(0, 600))}" r="${n(d.range(1, 2.5))}" fill="#e6edf7" opacity="${n(d.range(0.3, 0.7))}"/>`;
  out += ridge(c, 300, 140, '#56627a', 14, true);
  out += ridge(c, 300, 90, '#e6edf7', 14, true).replace('fill="#e6edf7"', 'fill="#e6edf7" opacity=".25"');
  out += ridge(c, 380, 60, '#3a4354', 18);
  const stone = '#5b6474';
  const dark = '#3b4252';
  // Towers, then walls, then the gate: cold stone with red banners.
  const tower = (x: number, w: number, top: number): string => {
    let t = `<rect x="${x}" y="${top}" width="${w}" height="${560 - top}" fill="${stone}"/>`;
    for (let cx = x; cx < x + w; cx += 20)
      t += `<rect x="${cx}" y="${top - 16}" width="12" height="16" fill="${stone}"/>`;
    t += `<path d="M${x - 6} ${top}h${w + 12}" stroke="${dark}" stroke-width="6"/>`;
    for (let y = top + 40; y < 540; y += 70)
      t += `<rect x="${x + w / 2 - 6}" y="${y}" width="12" height="24" rx="6" fill="${d.chance(0.6) ? '#f2c76a' : '#1a1d24'}"/>`;
    for (let y = top + 20; y < 560; y += 24)
      t += `<path d="M${x} ${y}h${w}" stroke="${dark}" stroke-width="1" opacity=".5"/>`;
    return t;
  };
  out += tower(300, 90, 170) + tower(810, 90, 170) + tower(540, 120, 90);
  out += `<path d="M530 90L600 20L670 90Z" fill="#2b3242"/>`;
  out += `<rect x="150" y="300" width="900" height="260" fill="${stone}"/>`;
  for (let x = 150; x < 1050; x += 30)
    out += `<rect x="${x}" y="284" width="18" height="16" fill="${stone}"/>`;
  for (let y = 320; y < 560; y += 22)
    out += `<path d="M150 ${y}H1050" stroke="${dark}" stroke-width="1" opacity=".45"/>`;
  out += tower(120, 80, 250) + tower(1000, 80, 250);
  out += `<path d="M540 560V440a60 60 0 0 1 120 0V560Z" fill="#111419"/>`;
  for (let x = 548; x < 660; x += 16) out += `<path d="M${x} 400V560" stroke="#3b4252" stroke-width="4"/>`;
  for (const x of [330, 840, 570, 630, 220, 950])
    out += banner(x, x === 570 || x === 630 ? 180 : 320, 34, 120, '#9b1c1c', '#d4a73a');
  out += `<path d="M-10 560H1210V600H-10Z" fill="#2b3242"/><path d="M480 600L560 560H640L720 600Z" fill="#4a5568"/>`;
  out += `<rect width="1200" height="600" fill="${linear(c, 'cold', [
    [0, '#9fb4d9'],
    [1, '#0f1117'],
  ])}" opacity=".18"/>`;
  return out;
}

function voidScene(c: Canvas): string {
  const d = c.d;
  let out = `<rect width="1200" height="600" fill="${linear(c, 'sky', [
    [0, '#05020c'],
    [0.5, '#1a0b33'],
    [1, '#2d0f4f'],
  ])}"/>`;
  out += `<ellipse cx="400" cy="200" rx="420" ry="180" fill="${radial(c, 'neb1', '#7b2fbf')}" opacity=".6"/><ellipse cx="900" cy="330" rx="380" ry="160" fill="${radial(c, 'neb2', '#c02f8c')}" opacity=".45"/>`;
  out += stars(c, 220, 600, '#f0e6ff');
  // Rifts: jagged tears with a white-hot core inside a magenta glow.
  const rift = (x: number, y: number, len: number): string => {
    let p = `M${n(x)} ${n(y)}`;
    let cx = x;
    let cy = y;
    for (let i = 0; i < 7; i++) {
      cx += d.range(-26, 26);
      cy += len / 7;
      p += `L${n(cx)} ${n(cy)}`;
    }
    return `<path d="${p}" stroke="#e879f9" stroke-width="18" opacity=".35" fill="none" filter="url(#${c.id}-blur)"/><path d="${p}" stroke="#f5d0fe" stroke-width="5" fill="none"/><path d="${p}" stroke="#fff" stroke-width="1.5" fill="none"/>`;
  };
  out += rift(250, 60, 280) + rift(980, 40, 220) + rift(640, 120, 160);
  // Floating shards of the sanctum.
  for (let i = 0; i < 6; i++) {
    const x = d.range(60, 1140);
    const y = d.range(120, 380);
    const w = d.range(40, 110);
    out += `<path d="M${n(x - w / 2)} ${n(y)}h${n(w)}l${n(-w * 0.3)} ${n(w * 0.6)}l${n(-w * 0.2)} ${n(w * 0.25)}l${n(-w * 0.2)} ${n(-w * 0.3)}Z" fill="#1b0f2e" stroke="#8b5cf6" stroke-width="1.5"/><path d="M${n(x - w / 2)} ${n(y)}h${n(w)}" stroke="#c4b5fd" stroke-width="3"/>`;
  }
  out += `<path d="M-10 470Q300 430 600 460T1210 450V600H-10Z" fill="#12091f"/>`;
  for (const x of [180, 330, 870, 1020]) {
    const h = d.range(120, 220);
    out += `<rect x="${x}" y="${n(470 - h)}" width="40" height="${n(h)}" fill="#241339"/><rect x="${x - 8}" y="${n(470 - h)}" width="56" height="14" fill="#2f1a4a"/><path d="M${x + 20} ${n(500 - h)}v${n(h - 60)}" stroke="#a855f7" stroke-width="2" opacity=".6"/>`;
  }
  out += `<ellipse cx="600" cy="470" rx="170" ry="26" fill="none" stroke="#c084fc" stroke-width="3" opacity=".8"/><ellipse cx="600" cy="470" rx="130" ry="18" fill="#a855f7" opacity=".25"/>`;
  return out + fogBand(c, 560, '#7c3aed', 0.25);
}

function forest(c: Canvas): string {
  let out = `<rect width="1200" height="600" fill="${linear(c, 'sky', [
    [0, '#1e1b3a'],
    [0.45, '#6b3a5e'],
    [0.7, '#d9785a'],
    [0.85, '#f2b36a'],
  ])}"/>`;
  out += stars(c, 40, 160, '#ffe8d0');
  out += `<circle cx="640" cy="360" r="170" fill="${radial(c, 'sun', '#ffcf8a')}"/><circle cx="640" cy="370" r="60" fill="#ffd9a0" opacity=".9"/>`;
  out += ridge(c, 360, 70, '#6a4766', 16);
  out += pineRow(c, 420, 90, 150, 40, '#4a3658');
  out += fogBand(c, 420, '#f0a88a', 0.18);
  out += pineRow(c, 470, 140, 220, 55, '#2e2440');
  out += pineRow(c, 530, 200, 300, 80, '#1a1528');
  out += `<path d="M-10 540Q600 500 1210 545V600H-10Z" fill="#120f1c"/><path d="M520 600Q600 540 640 520Q680 540 760 600Z" fill="#3a2c3a" opacity=".8"/>`;
  for (let i = 0; i < 30; i++)
    out += `<circle cx="${n(c.d.range(0, 1200))}" cy="${n(c.d.range(380, 590))}" r="${n(c.d.range(1.5, 3.5))}" fill="#ffe58a" opacity="${n(c.d.range(0.4, 0.9))}"/>`;
  out += pine(60, 620, 420, '#0c0a14') + pine(1150, 620, 380, '#0c0a14');
  return out;
}

function cavern(c: Canvas): string {
  const d = c.d;
  let out = `<rect width="1200" height="600" fill="${linear(c, 'rock', [
    [0, '#10141c'],
    [0.5, '#27324a'],
    [1, '#121722'],
  ])}"/>`;
  out += `<ellipse cx="600" cy="330" rx="560" ry="260" fill="${radial(c, 'glow', '#3aa0c8')}" opacity=".55"/>`;
  out += ridge(c, 420, 160, '#1d2536', 16, true);
  out += `<path d="M480 470Q600 250 720 470Z" fill="#0a0d14"/><path d="M520 470Q600 310 680 470Z" fill="${radial(c, 'deep', '#5fd0f0')}" opacity=".35"/>`;
  let top = 'M-10 -10H1210V60';
  for (let x = 1200; x >= 0; x -= d.range(30, 80))
    top += `L${n(x)} ${n(d.range(40, 90))}L${n(x - 14)} ${n(d.range(120, 230))}L${n(x - 28)} ${n(d.range(40, 90))}`;
  out += `<path d="${top}L-10 60Z" fill="#2a3447" stroke="#46587a" stroke-width="2"/>`;
  out += ridge(c, 470, 80, '#222b3d', 22, true);
  for (let x = 30; x < 1200; x += d.range(70, 140)) {
    const h = d.range(60, 170);
    out += `<path d="M${n(x - 22)} 520L${n(x)} ${n(520 - h)}L${n(x + 22)} 520Z" fill="#34405a" stroke="#4d6185" stroke-width="1.5"/>`;
  }
  for (let i = 0; i < 9; i++) {
    const x = d.range(60, 1140);
    const y = d.range(430, 540);
    const hue = d.pick([190, 200, 280]);
    out += `<circle cx="${n(x)}" cy="${n(y - 20)}" r="40" fill="${radial(c, `cr${i}`, hsl(hue, 90, 60))}" opacity=".7"/><path d="M${n(x - 12)} ${n(y)}L${n(x - 6)} ${n(y - 44)}L${n(x)} ${n(y)}ZM${n(x - 2)} ${n(y)}L${n(x + 6)} ${n(y - 60)}L${n(x + 14)} ${n(y)}ZM${n(x + 10)} ${n(y)}L${n(x + 20)} ${n(y - 30)}L${n(x + 24)} ${n(y)}Z" fill="${hsl(hue, 85, 65)}" stroke="${hsl(hue, 90, 85)}" stroke-width="1"/>`;
  }
  out += `<path d="M-10 540H1210V600H-10Z" fill="#0d1016"/><ellipse cx="640" cy="565" rx="260" ry="22" fill="#2a7fa3" opacity=".35"/><path d="M420 565h440" stroke="#8fd8f0" stroke-width="1.5" opacity=".5"/>`;
  return out;
}

function swamp(c: Canvas): string {
  const d = c.d;
  let out = `<rect width="1200" height="600" fill="${linear(c, 'sky', [
    [0, '#0e1410'],
    [0.55, '#2f3f2a'],
    [1, '#55663f'],
  ])}"/>`;
  out += `<circle cx="820" cy="170" r="110" fill="${radial(c, 'moon', '#e4efb0')}" opacity=".7"/><circle cx="820" cy="170" r="34" fill="#e9f2c4" opacity=".8"/>`;
  out += ridge(c, 390, 40, '#1f2a1c', 20);
  out += fogBand(c, 390, '#b8d98a', 0.18);
  for (let i = 0; i < 7; i++) {
    const x = 40 + i * 180 + d.range(-30, 30);
    const h = d.range(200, 330);
    out += deadTree(c, x, 470, h, '#141c12');
    for (let j = 0; j < 4; j++)
      out += `<path d="M${n(x + d.range(-50, 50))} ${n(470 - h * d.range(0.5, 0.85))}q${n(d.range(-6, 6))} 30 0 ${n(d.range(40, 90))}" stroke="#4f6b3a" stroke-width="3" opacity=".7" fill="none"/>`;
  }
  out += `<rect x="0" y="470" width="1200" height="130" fill="${linear(c, 'water', [
    [0, '#2b3a26'],
    [1, '#0e140c'],
  ])}"/>`;
  for (let i = 0; i < 18; i++)
    out += `<path d="M${n(d.range(0, 1200))} ${n(d.range(480, 590))}h${n(d.range(30, 90))}" stroke="#8fae6a" stroke-width="1.5" opacity=".3"/>`;
  for (let i = 0; i < 12; i++)
    out += `<ellipse cx="${n(d.range(0, 1200))}" cy="${n(d.range(500, 590))}" rx="${n(d.range(12, 22))}" ry="5" fill="#3f5f2a"/>`;
  for (let i = 0; i < 8; i++) {
    const x = d.range(50, 1150);
    const y = d.range(300, 450);
    out += `<circle cx="${n(x)}" cy="${n(y)}" r="22" fill="${radial(c, `w${i}`, '#c6ff9a')}"/><circle cx="${n(x)}" cy="${n(y)}" r="3" fill="#f0ffd8"/>`;
  }
  out += `<path d="M-10 560q60 -40 120 -10t140 0V600H-10ZM1210 560q-80 -30 -150 -5t-120 10V600H1210Z" fill="#0a0f08"/>`;
  return out + fogBand(c, 540, '#c2dd9a', 0.15);
}

function volcano(c: Canvas): string {
  const d = c.d;
  let out = `<rect width="1200" height="600" fill="${linear(c, 'sky', [
    [0, '#120606'],
    [0.5, '#3d0f0a'],
    [1, '#7a1f0c'],
  ])}"/>`;
  out += `<ellipse cx="620" cy="170" rx="260" ry="160" fill="${radial(c, 'erupt', '#ff7a1a')}" opacity=".6"/>`;
  out += ridge(c, 420, 70, '#2a0d0a', 18, true);
  out += `<path d="M300 470L540 170Q620 150 700 170L940 470Z" fill="#1f0a08"/><path d="M540 170Q620 190 700 170Q650 160 620 162Q590 160 540 170Z" fill="#ffb347"/>`;
  out += `<path d="M610 170C600 250 640 300 590 380C560 420 600 450 580 470" stroke="#ff6a00" stroke-width="10" fill="none"/><path d="M610 170C600 250 640 300 590 380C560 420 600 450 580 470" stroke="#ffd27a" stroke-width="3" fill="none"/>`;
  for (let i = 0; i < 12; i++) {
    const x = 620 + d.range(-80, 80);
    const y = d.range(40, 160);
    out += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(d.range(3, 8))}" fill="#ff8c2a" opacity="${n(d.range(0.5, 1))}"/>`;
  }
  for (let i = 0; i < 80; i++)
    out += `<circle cx="${n(d.range(0, 1200))}" cy="${n(d.range(0, 600))}" r="${n(d.range(0.8, 2))}" fill="#6b5a55" opacity=".6"/>`;
  out += `<path d="M-10 470Q600 440 1210 480V600H-10Z" fill="#160807"/>`;
  out += `<path d="M-10 540C200 520 300 560 500 540S900 520 1210 550" stroke="#ff5a00" stroke-width="14" fill="none" filter="url(#${c.id}-blur)"/><path d="M-10 540C200 520 300 560 500 540S900 520 1210 550" stroke="#ffb347" stroke-width="5" fill="none"/>`;
  for (let x = 40; x < 1200; x += d.range(120, 220))
    out += `<path d="M${n(x - 30)} 600L${n(x - 8)} ${n(d.range(470, 520))}L${n(x + 14)} 600Z" fill="#0d0504"/>`;
  return out;
}

// The world map: painted terrain, roads and the three places the bottom of /map links to.
function worldMap(c: Canvas): string {
  const d = c.d;
  let out = `<rect width="1200" height="600" fill="${linear(c, 'sea', [
    [0, '#0f2a3a'],
    [1, '#0a1a26'],
  ])}"/>`;
  for (let i = 0; i < 30; i++)
    out += `<path d="M${n(d.range(0, 1200))} ${n(d.range(0, 600))}q10 -6 20 0t20 0" stroke="#3a6a80" stroke-width="1.5" fill="none" opacity=".5"/>`;
  const land =
    'M120 140C220 60 420 70 560 90C700 110 820 50 980 100C1100 140 1120 260 1080 340C1040 430 1100 520 980 550C820 590 660 520 520 560C380 600 200 560 140 470C80 380 30 230 120 140Z';
  out += `<path d="${land}" fill="none" stroke="#2f6a80" stroke-width="26" opacity=".5"/><path d="${land}" fill="#1a3a4a" transform="translate(8 10)" opacity=".6"/><path d="${land}" fill="${linear(
    c,
    'land',
    [
      [0, '#6b5a3a'],
      [0.5, '#556b3a'],
      [1, '#4a5a32'],
    ],
  )}" stroke="#c9b48a" stroke-width="4"/>`;
  out += `<path d="${land}" fill="none" stroke="#ece6d6" stroke-width="1" stroke-dasharray="4 6" transform="translate(-6 -6) scale(1.01)" opacity=".5"/>`;
  // Mountains in the north, forest in the west, a river to the sea.
  for (let i = 0; i < 14; i++) {
    const x = 520 + i * 34 + d.range(-8, 8);
    const y = 170 + d.range(-20, 20);
    out += `<path d="M${n(x - 26)} ${n(y + 20)}L${n(x)} ${n(y - 30)}L${n(x + 26)} ${n(y + 20)}Z" fill="#7a7265" stroke="#3b3328" stroke-width="2"/><path d="M${n(x - 8)} ${n(y - 14)}L${n(x)} ${n(y - 30)}L${n(x + 8)} ${n(y - 14)}Z" fill="#ece6d6"/>`;
  }
  for (let i = 0; i < 40; i++)
    out += pine(180 + d.range(0, 260), 260 + d.range(0, 200), d.range(24, 38), '#2a4a2a');
  out += `<path d="M700 200C690 280 760 330 740 400S820 520 880 570" stroke="#3a7a9a" stroke-width="8" fill="none" stroke-linecap="round"/>`;
  for (let i = 0; i < 26; i++) {
    const x = d.range(160, 1040);
    const y = d.range(240, 520);
    out += `<path d="M${n(x - 22)} ${n(y)}q22 -18 44 0" stroke="#3f4f2a" stroke-width="3" fill="none" opacity=".6"/>`;
  }
  for (let i = 0; i < 10; i++)
    out += `<ellipse cx="${n(d.range(200, 1000))}" cy="${n(d.range(200, 520))}" rx="${n(d.range(40, 110))}" ry="${n(d.range(20, 50))}" fill="${d.pick(['#7a6a42', '#4f6a34', '#6b7a44'])}" opacity=".35"/>`;
  out += `<ellipse cx="470" cy="500" rx="60" ry="26" fill="#2f6a80" stroke="#c9b48a" stroke-width="2"/>`;
  out += `<path d="M330 400C420 390 500 360 600 320M600 320C700 330 760 380 880 430" stroke="#3b2a16" stroke-width="8" fill="none" opacity=".5"/><path d="M330 400C420 390 500 360 600 320M600 320C700 330 760 380 880 430" stroke="#e0c48a" stroke-width="4" stroke-dasharray="12 8" fill="none"/>`;
  out += `<path d="M735 352l16 12M752 342l16 12" stroke="#8c6a3a" stroke-width="4"/>`;
  const place = (key: string, x: number, y: number, label: string, icon: string): string =>
    `<g class="place place-${key}" data-place="${key}" transform="translate(${x} ${y})"><circle r="46" fill="#0f1117" fill-opacity=".55" stroke="#d4a73a" stroke-width="3"/>${icon}<rect x="-62" y="52" width="124" height="30" rx="6" fill="#0f1117" fill-opacity=".85" stroke="#d4a73a" stroke-width="1.5"/><text y="73" text-anchor="middle" font-family="Cinzel, Georgia, serif" font-size="20" font-weight="700" fill="#ece6d6">${label}</text></g>`;
  out += place(
    'arena',
    330,
    400,
    'Arena',
    `<ellipse cy="8" rx="32" ry="14" fill="#c98d4e"/><path d="M-32 8V-10A32 14 0 0 1 32 -10V8" fill="#a8703f" stroke="#5a3d22" stroke-width="2"/><path d="M-20 -4v-10M-8 -2v-12M4 -2v-12M16 -4v-10" stroke="#4a2a1c" stroke-width="4"/><path d="M0 -24v-14l14 5l-14 5" fill="#9b1c1c" stroke="#5a3d22" stroke-width="1.5"/>`,
  );
  out += place(
    'shop',
    600,
    320,
    'Shop',
    `<path d="M-30 14V-8L0 -30L30 -8V14Z" fill="#8c6a3a" stroke="#3b2a16" stroke-width="2"/><path d="M-36 -6L0 -36L36 -6" stroke="#9b1c1c" stroke-width="7" fill="none" stroke-linejoin="round"/><rect x="-9" y="-4" width="18" height="18" fill="#2a1a0c"/><circle cx="22" cy="20" r="10" fill="#eab308" stroke="#7a5a10" stroke-width="2"/>`,
  );
  out += place(
    'dungeons',
    880,
    430,
    'Dungeons',
    `<path d="M-34 18Q-30 -30 0 -32Q30 -30 34 18Z" fill="#4a4f5c" stroke="#1d2230" stroke-width="2"/><path d="M-16 18V-4a16 16 0 0 1 32 0V18Z" fill="#07080c"/><circle cx="0" cy="-2" r="6" fill="#d9d4c2"/><circle cx="-2" cy="-3" r="1.5" fill="#07080c"/><circle cx="2" cy="-3" r="1.5" fill="#07080c"/>`,
  );
  out += `<g class="compass" transform="translate(1110 500)"><circle r="40" fill="#0f1117" fill-opacity=".6" stroke="#d4a73a" stroke-width="2"/><path d="M0 -36L8 0L0 36L-8 0Z" fill="#d4a73a"/><path d="M-36 0L0 8L36 0L0 -8Z" fill="#9aa3b2"/><text y="-44" text-anchor="middle" font-family="Cinzel, Georgia, serif" font-size="16" fill="#ece6d6">N</text></g>`;
  out += `<rect x="8" y="8" width="1184" height="584" rx="14" fill="none" stroke="#d4a73a" stroke-width="4"/><rect x="18" y="18" width="1164" height="564" rx="10" fill="none" stroke="#d4a73a" stroke-opacity=".4" stroke-width="1.5"/>`;
  return out;
}

const PAINTERS: Record<SceneTheme, (c: Canvas) => string> = {
  arena,
  crypt,
  fortress,
  void: voidScene,
  forest,
  cavern,
  swamp,
  volcano,
  map: worldMap,
};

export function renderScene(theme: string): string {
  const asked = String(theme ?? '').toLowerCase();
  const t: SceneTheme = (SCENE_THEMES as readonly string[]).includes(asked)
    ? (asked as SceneTheme)
    : (ALIASES[asked] ?? 'forest');
  const c: Canvas = { id: `sc-${t}`, d: artDice(hashText(`scene:${t}`)), defs: [] };
  const body = PAINTERS[t](c);
  c.defs.push(
    `<filter id="${c.id}-blur" x="-20%" y="-50%" width="140%" height="200%"><feGaussianBlur stdDeviation="12"/></filter>`,
  );
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 600" width="1200" height="600" preserveAspectRatio="xMidYMid slice" role="img" aria-label="${t}" class="scene scene-${t}" data-theme="${t}">` +
    `<defs>${c.defs.join('')}</defs>${body}</svg>`
  );
}
