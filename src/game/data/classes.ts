// Classes: a description, a leaning (the hero type it usually takes), a stat shape, a basic attack,
// and the abilities it can roll (normal ones and ultimates, all in ./abilities.ts).

import type { ClassDef } from './schema.ts';
import { tableOf, type ContentTable } from './table.ts';

const list: ClassDef[] = [
  {
    id: 'knight', name: 'Knight', glyph: 'black-knight-helm', leaning: 'Tank',
    description: 'A sworn shield of the realm in heavy plate, who stands in front so others may live.',
    stats: { hp: 1.04, atk: 0.98, def: 1.05, spd: 0.98 }, attackName: 'Sword Strike', crit: 0.05,
    abilities: ['shield_bash', 'challenging_shout', 'shield_wall', 'rallying_banner', 'steadfast'],
    ultimates: ['bulwark_charge', 'unbreakable'],
  },
  {
    id: 'paladin', name: 'Paladin', glyph: 'templar-shield', leaning: 'Tank',
    description: 'A holy warrior whose faith is both armour and weapon, mending allies between blows.',
    stats: { hp: 1.07, atk: 1.0, def: 1.06, spd: 0.98 }, attackName: 'Blessed Blade', crit: 0.05,
    abilities: ['holy_strike', 'lay_on_hands', 'divine_shield', 'judgment', 'aura_of_devotion'],
    ultimates: ['wrath_of_heaven', 'sanctuary'],
  },
  {
    id: 'berserker', name: 'Berserker', glyph: 'barbarian', leaning: 'Damage',
    description: 'A raging axe-wielder who trades safety for carnage and grows deadlier with every wound.',
    stats: { hp: 1.0, atk: 1.03, def: 0.9, spd: 1.0 }, attackName: 'Axe Chop', crit: 0.08,
    abilities: ['cleave', 'reckless_swing', 'blood_rage', 'rending_blow', 'unstoppable'],
    ultimates: ['rampage', 'decapitate'],
  },
  {
    id: 'ranger', name: 'Ranger', glyph: 'bowman', leaning: 'Damage',
    description: 'A patient hunter with a longbow, who marks the prey and never misses twice.',
    stats: { hp: 0.94, atk: 1.04, def: 0.94, spd: 1.06 }, attackName: 'Arrow Shot', crit: 0.1,
    abilities: ['aimed_shot', 'volley', 'hunters_mark', 'crippling_shot', 'eagle_eye'],
    ultimates: ['rain_of_arrows', 'heartseeker'],
  },
  {
    id: 'sorcerer', name: 'Sorcerer', glyph: 'wizard-staff', leaning: 'Damage',
    description: 'A robed wielder of fire and frost whose spells break whole battle lines.',
    stats: { hp: 0.9, atk: 1.04, def: 0.9, spd: 1.0 }, attackName: 'Arcane Bolt', crit: 0.06,
    abilities: ['fireball', 'frost_nova', 'chain_lightning', 'arcane_barrier', 'mana_surge'],
    ultimates: ['meteor', 'time_warp'],
  },
  {
    id: 'assassin', name: 'Assassin', glyph: 'hooded-assassin', leaning: 'Damage',
    description: 'A masked blade in the dark who finishes the wounded before they can cry for help.',
    stats: { hp: 0.9, atk: 1.06, def: 0.9, spd: 1.1 }, attackName: 'Dagger Slash', crit: 0.12,
    abilities: ['backstab', 'poisoned_blade', 'smoke_bomb', 'shadowstep', 'lethal_instinct'],
    ultimates: ['death_mark', 'blade_flurry'],
  },
  {
    id: 'cleric', name: 'Cleric', glyph: 'pope-crown', leaning: 'Support',
    description: 'A priest of the sun who keeps the party standing with light and prayer.',
    stats: { hp: 1.04, atk: 1.03, def: 1.0, spd: 1.0 }, attackName: 'Mace Blow', crit: 0.05,
    abilities: ['healing_light', 'smite', 'blessing', 'purify', 'divine_grace'],
    ultimates: ['resurgence', 'holy_nova'],
  },
  {
    id: 'druid', name: 'Druid', glyph: 'oak', leaning: 'Support',
    description: 'A keeper of the wild who heals with living sap and binds foes in roots.',
    stats: { hp: 1.06, atk: 1.01, def: 1.0, spd: 1.0 }, attackName: 'Staff Swing', crit: 0.05,
    abilities: ['rejuvenate', 'entangling_roots', 'barkskin', 'moonfire', 'natures_bond'],
    ultimates: ['wild_growth', 'wrath_of_the_wild'],
  },
  {
    id: 'bard', name: 'Bard', glyph: 'lyre', leaning: 'Support',
    description: 'A wandering minstrel whose songs quicken allies and unravel enemies.',
    stats: { hp: 0.96, atk: 0.98, def: 0.96, spd: 1.04 }, attackName: 'Rapier Thrust', crit: 0.07,
    abilities: ['inspiring_song', 'dissonance', 'soothing_melody', 'mocking_verse', 'encore'],
    ultimates: ['crescendo', 'song_of_ruin'],
  },
  {
    id: 'necromancer', name: 'Necromancer', glyph: 'death-zone', leaning: 'Support',
    description: 'A pale scholar of death who drains the living and wraps allies in bone.',
    stats: { hp: 0.96, atk: 1.04, def: 0.95, spd: 1.0 }, attackName: 'Shadow Bolt', crit: 0.06,
    abilities: ['life_drain', 'curse_of_frailty', 'bone_armor', 'plague', 'dark_pact'],
    ultimates: ['army_of_the_dead', 'soul_harvest'],
  },
];

export const CLASSES: ContentTable<ClassDef> = tableOf(list);
