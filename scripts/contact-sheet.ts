// Writes test-results/contact-sheet.html: 50 portraits covering every race, class and rarity, plus every
// scene and a row of icons, so the art can be looked at as a whole. Renderers live in src/game/art.
// Run: node --import tsx scripts/contact-sheet.ts  (then screenshot it with Chromium to look at it)

import { mkdirSync, writeFileSync } from 'node:fs';
import {
  renderIcon,
  renderPortrait,
  renderScene,
  SCENE_THEMES,
  type IconKind,
  type IconOptions,
} from '../src/game/art/index.ts';
import { DRAWN_CLASSES, DRAWN_RACES } from '../src/game/art/portrait.ts';
import { HERO_TYPES } from '../src/game/types.ts';

const RACES = DRAWN_RACES;
const CLASSES = DRAWN_CLASSES;
const TYPES = HERO_TYPES;

const only = process.argv[2]; // 'portraits' | 'scenes' | undefined (everything)
const cells: string[] = [];
// The other content tables' ids (races.ts / classes.ts) and two unknown ids, to show the graceful fallbacks.
const EXTRA: [string, string][] = [
  ['halfling', 'bard'],
  ['tiefling', 'warlock'],
  ['goblin', 'assassin'],
  ['dragonborn', 'knight'],
  ['halfling', 'sorcerer'],
  ['tiefling', 'knight'],
  ['goblin', 'cleric'],
  ['dragonborn', 'sorcerer'],
  ['kobold', 'alchemist'],
  ['human', 'alchemist'],
];
for (let i = 0; i < 50; i++) {
  // Stride through races and classes so the first 40 cells cover all 8 × 12 ids, and every rarity and type.
  const [raceId, classId] = i < 40 ? [RACES[i % 8], CLASSES[(i * 5) % 12]] : EXTRA[i - 40];
  const rarity = (i % 5) + 1;
  const type = TYPES[i % 3];
  const svg = renderPortrait({ raceId, classId, type, rarity, seed: 1000 + i * 7919 });
  cells.push(`<figure>${svg}<figcaption>${raceId} ${classId}<br>${type} ${rarity}★</figcaption></figure>`);
}

const scenes = SCENE_THEMES.map(
  (t) => `<figure class="scene">${renderScene(t)}<figcaption>${t}</figcaption></figure>`,
).join('');
const ICONS: [IconKind, string, IconOptions?][] = [
  ['ability', 'fireball', { abilityType: 'offensive' }],
  ['ability', 'shield-reflect', { abilityType: 'defensive' }],
  ['ability', 'healing', { abilityType: 'support' }],
  ['ability', 'lightning-trio', { abilityType: 'ultimate' }],
  ['trait', 'sun', { tone: 'boon' }],
  ['trait', 'broken-bone', { tone: 'bane' }],
  ['status', 'burn'],
  ['status', 'poison'],
  ['status', 'stun'],
  ['item', 'round-potion'],
  ['currency', 'gold'],
  ['currency', 'magic_essence'],
  ['race', 'elf'],
  ['class', 'bard'],
  ['type', 'tank'],
  ['status', 'no-such-glyph'], // the fallback rune, on purpose
];
const iconRow = ICONS.map(
  ([kind, glyph, opts]) => `<span class="icon">${renderIcon(kind, glyph, opts)}</span>`,
).join('');

const html = `<!doctype html><meta charset="utf-8"><title>Runeborn art contact sheet</title>
<style>body{background:#0f1117;color:#ece6d6;font:13px system-ui;margin:16px}
.grid{display:grid;grid-template-columns:repeat(10,128px);gap:8px}
figure{margin:0}figure svg{width:128px;height:154px;display:block}
figcaption{font-size:11px;color:#9aa3b2;text-align:center;line-height:1.2}
.scenes{display:grid;grid-template-columns:repeat(3,440px);gap:10px;margin-top:14px}
.scene svg{width:440px;height:220px;display:block}
.icon svg{width:48px;height:48px;margin:4px}</style>
${only === 'scenes' ? '' : `<div class="grid">${cells.join('')}</div>`}
<div>${iconRow}</div>
${only === 'portraits' ? '' : `<div class="scenes">${scenes}</div>`}`;

mkdirSync('test-results', { recursive: true });
const file = only ? `test-results/contact-sheet-${only}.html` : 'test-results/contact-sheet.html';
writeFileSync(file, html);
console.log(`wrote ${file} (${(html.length / 1024).toFixed(0)} KB)`);
