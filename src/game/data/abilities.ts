// Abilities: each is a list of effects (damage, heal, shield, status, cleanse, energy, dispel, sap) with their targets, or,
// for passives, always-on modifiers. The rules text a player reads is written from this data
// (describeAbility in src/game/describe.ts), so it cannot drift from what the engine does.

import type { AbilityDef, EffectDef, ScaleStat, TargetKind, TraitMods } from './schema.ts';
import { tableOf, type ContentTable } from './table.ts';
import type { AbilityType } from '../types.ts';

type X = Partial<EffectDef>;
const dmg = (target: TargetKind, power: number, x: X = {}): EffectDef => ({ op: 'damage', target, power, scale: 'atk', ...x });
const heal = (target: TargetKind, power: number, scale: ScaleStat = 'atk'): EffectDef => ({ op: 'heal', target, power, scale });
const shield = (target: TargetKind, power: number, scale: ScaleStat = 'max_hp', turns = 3): EffectDef => ({ op: 'shield', target, power, scale, turns });
const st = (target: TargetKind, status: string, turns: number, chance = 1): EffectDef => ({ op: 'status', target, status, turns, chance });
const cleanse = (target: TargetKind): EffectDef => ({ op: 'cleanse', target });
const energy = (target: TargetKind, power: number): EffectDef => ({ op: 'energy', target, power });
const dispel = (target: TargetKind): EffectDef => ({ op: 'dispel', target });
const sap = (target: TargetKind, power: number): EffectDef => ({ op: 'sap', target, power });

function a(id: string, name: string, type: AbilityType, glyph: string, cooldown: number, flavour: string, effects: EffectDef[]): AbilityDef {
  return { id, name, type, glyph, cooldown, flavour, effects };
}
function passive(id: string, name: string, glyph: string, flavour: string, mods: TraitMods): AbilityDef {
  return { id, name, type: 'passive', glyph, cooldown: 0, flavour, effects: [], passive: mods };
}
function ult(id: string, name: string, glyph: string, flavour: string, effects: EffectDef[]): AbilityDef {
  return { id, name, type: 'ultimate', glyph, cooldown: 0, flavour, effects };
}

const list: AbilityDef[] = [
  // Knight
  a('shield_bash', 'Shield Bash', 'offensive', 'shield-bash', 2, 'A brutal blow with the shield rim.', [dmg('enemy', 1.0), st('enemy', 'stun', 1, 0.4)]),
  a('challenging_shout', 'Challenging Shout', 'defensive', 'shouting', 3, 'A roar no foe can ignore.', [st('self', 'taunt', 2), shield('self', 0.2)]),
  a('shield_wall', 'Shield Wall', 'defensive', 'checked-shield', 3, 'Locks shields with every ally.', [shield('all_allies', 0.1)]),
  a('rallying_banner', 'Rallying Banner', 'support', 'flying-flag', 3, 'Plants the banner and rallies the line.', [st('all_allies', 'empower', 2), energy('all_allies', 10)]),
  passive('steadfast', 'Steadfast', 'guarded-tower', 'Never gives an inch.', { defPct: 0.12, hpPct: 0.06 }),
  ult('bulwark_charge', 'Bulwark Charge', 'charging-bull', 'Crashes through the enemy line behind the shield.', [dmg('all_enemies', 1.0), st('all_enemies', 'slow', 2, 0.8), st('self', 'fortify', 3)]),
  ult('unbreakable', 'Unbreakable', 'magic-shield', 'Raises a wall of will over the whole party.', [shield('all_allies', 0.22), st('all_allies', 'fortify', 3), st('self', 'taunt', 2)]),
  // Paladin
  a('holy_strike', 'Holy Strike', 'offensive', 'winged-sword', 1, 'A blessed blade that mends as it cuts.', [dmg('enemy', 1.15), heal('lowest_ally', 0.5)]),
  a('lay_on_hands', 'Lay on Hands', 'support', 'healing', 3, 'A touch that closes wounds.', [heal('ally', 0.28, 'target_max_hp')]),
  a('divine_shield', 'Divine Shield', 'defensive', 'bolt-shield', 3, 'A halo of light that also burns away afflictions.', [shield('ally', 0.22), cleanse('ally')]),
  a('judgment', 'Judgment', 'offensive', 'scales', 2, 'Condemns a foe, stripping its wards and exposing its weaknesses.', [dmg('enemy', 1.05), dispel('enemy'), st('enemy', 'vulnerable', 2, 0.9)]),
  passive('aura_of_devotion', 'Aura of Devotion', 'holy-symbol', 'Faith as armour.', { healDone: 0.2, dmgTaken: -0.07 }),
  ult('wrath_of_heaven', 'Wrath of Heaven', 'sunbeams', 'Pillars of light fall on every foe.', [dmg('all_enemies', 1.3), st('all_enemies', 'blind', 2, 0.6)]),
  ult('sanctuary', 'Sanctuary', 'angel-wings', 'Consecrated ground heals and purifies the party.', [heal('all_allies', 0.25, 'target_max_hp'), cleanse('all_allies'), st('all_allies', 'regeneration', 3)]),
  // Berserker
  a('cleave', 'Cleave', 'offensive', 'axe-swing', 2, 'A wide arc through everyone in reach.', [dmg('all_enemies', 0.62)]),
  a('reckless_swing', 'Reckless Swing', 'offensive', 'battle-axe', 1, 'All offence, no guard.', [dmg('enemy', 1.65), st('self', 'vulnerable', 1)]),
  a('blood_rage', 'Blood Rage', 'utility', 'enrage', 3, 'Works itself into a frenzy.', [st('self', 'empower', 3), energy('self', 25)]),
  a('rending_blow', 'Rending Blow', 'offensive', 'sword-wound', 2, 'Tears flesh and leaves it bleeding.', [dmg('enemy', 1.0), st('enemy', 'bleed', 3, 0.85)]),
  passive('unstoppable', 'Unstoppable', 'barbarian', 'Pain only feeds the fury.', { lowHpAtk: 0.3, lifesteal: 0.08 }),
  ult('rampage', 'Rampage', 'sword-spin', 'Four wild blows at whoever stands closest.', [dmg('random_enemy', 0.85, { hits: 4 })]),
  ult('decapitate', 'Decapitate', 'decapitation', 'One swing to end it.', [dmg('enemy', 2.6, { execute: 0.8 })]),
  // Ranger
  a('aimed_shot', 'Aimed Shot', 'offensive', 'high-shot', 1, 'Finds the gap in any armour.', [dmg('enemy', 1.45, { pierce: 0.3 })]),
  a('volley', 'Volley', 'offensive', 'arrow-cluster', 2, 'A cloud of arrows over the enemy line.', [dmg('all_enemies', 0.55)]),
  a('hunters_mark', "Hunter's Mark", 'utility', 'target-arrows', 2, 'Marks the prey for the whole party.', [dmg('enemy', 0.6), st('enemy', 'mark', 3)]),
  a('crippling_shot', 'Crippling Shot', 'utility', 'thorned-arrow', 2, 'An arrow to the knee.', [dmg('enemy', 0.85), st('enemy', 'slow', 3, 0.9)]),
  passive('eagle_eye', 'Eagle Eye', 'eagle-emblem', 'Never misses the weak spot.', { crit: 0.1, critDmg: 0.2 }),
  ult('rain_of_arrows', 'Rain of Arrows', 'arrow-flights', 'The sky darkens with arrows.', [dmg('all_enemies', 0.62, { hits: 2 }), st('all_enemies', 'slow', 2, 0.5)]),
  ult('heartseeker', 'Heartseeker', 'energy-arrow', 'A single arrow through the heart.', [dmg('enemy', 2.4, { pierce: 0.6 }), st('enemy', 'mark', 3)]),
  // Sorcerer
  a('fireball', 'Fireball', 'offensive', 'fireball', 1, 'A roaring ball of flame.', [dmg('enemy', 1.3), st('enemy', 'burn', 3, 0.6)]),
  a('frost_nova', 'Frost Nova', 'utility', 'ice-spell-cast', 3, 'A ring of frost bursts outward.', [dmg('all_enemies', 0.4), st('all_enemies', 'freeze', 1, 0.3), st('all_enemies', 'slow', 2, 0.6)]),
  a('chain_lightning', 'Chain Lightning', 'offensive', 'lightning-helix', 2, 'Lightning leaps from foe to foe.', [dmg('random_enemy', 0.72, { hits: 3 })]),
  a('arcane_barrier', 'Arcane Barrier', 'defensive', 'shield-reflect', 3, 'Folds mana into a barrier.', [shield('self', 0.3), energy('self', 20)]),
  passive('mana_surge', 'Mana Surge', 'magic-swirl', 'Power wells up unbidden.', { energyGain: 0.25, atkPct: 0.05 }),
  ult('meteor', 'Meteor', 'meteor-impact', 'Calls a burning star down on the enemy.', [dmg('all_enemies', 1.35), st('all_enemies', 'burn', 3, 0.8)]),
  ult('time_warp', 'Time Warp', 'hourglass', 'Bends time: allies speed up, enemies crawl.', [st('all_allies', 'haste', 3), st('all_enemies', 'slow', 3), energy('all_allies', 25), dmg('all_enemies', 0.5)]),
  // Assassin
  a('backstab', 'Backstab', 'offensive', 'backstab', 1, 'A knife where it hurts most.', [dmg('enemy', 1.45, { execute: 0.5 })]),
  a('poisoned_blade', 'Poisoned Blade', 'offensive', 'dripping-knife', 2, 'A shallow cut with a deep venom.', [dmg('enemy', 0.9), st('enemy', 'poison', 4)]),
  a('smoke_bomb', 'Smoke Bomb', 'utility', 'smoke-bomb', 3, 'Choking smoke blinds the enemy line.', [st('all_enemies', 'blind', 2, 0.7)]),
  a('shadowstep', 'Shadowstep', 'defensive', 'hood', 3, 'Vanishes and reappears elsewhere.', [st('self', 'haste', 2), shield('self', 0.18)]),
  passive('lethal_instinct', 'Lethal Instinct', 'ninja-mask', 'Smells blood.', { critDmg: 0.35, execute: 0.15 }),
  ult('death_mark', 'Death Mark', 'death-skull', 'Marks a victim for certain death.', [dmg('enemy', 2.1), st('enemy', 'vulnerable', 3), st('enemy', 'poison', 3)]),
  ult('blade_flurry', 'Blade Flurry', 'spinning-blades', 'Five blades, too fast to follow.', [dmg('random_enemy', 0.72, { hits: 5 })]),
  // Cleric
  a('healing_light', 'Healing Light', 'support', 'sun-priest', 1, 'Warm light on the most wounded.', [heal('lowest_ally', 1.7)]),
  a('smite', 'Smite', 'offensive', 'sun-radiations', 1, 'A lance of holy fire.', [dmg('enemy', 1.15), st('enemy', 'blind', 1, 0.35)]),
  a('blessing', 'Blessing', 'support', 'prayer', 3, 'A prayer over the whole party.', [heal('all_allies', 0.55), st('all_allies', 'fortify', 2)]),
  a('purify', 'Purify', 'support', 'holy-water', 2, 'Washes away every affliction.', [cleanse('all_allies'), heal('ally', 1.1)]),
  passive('divine_grace', 'Divine Grace', 'holy-grail', 'Grace flows through every deed.', { healDone: 0.25, regen: 0.02 }),
  ult('resurgence', 'Resurgence', 'angel-outfit', 'A flood of light restores everyone.', [heal('all_allies', 2.3), st('all_allies', 'regeneration', 3)]),
  ult('holy_nova', 'Holy Nova', 'sun', 'A burst of radiance: foes burn, friends mend.', [dmg('all_enemies', 1.05), heal('all_allies', 1.05)]),
  // Druid
  a('rejuvenate', 'Rejuvenate', 'support', 'oak-leaf', 1, 'Living sap knits wounds over time.', [heal('ally', 0.9), st('ally', 'regeneration', 3)]),
  a('entangling_roots', 'Entangling Roots', 'utility', 'vine-whip', 2, 'Roots burst up and hold fast.', [dmg('enemy', 0.75), st('enemy', 'slow', 3), st('enemy', 'stun', 1, 0.3)]),
  a('barkskin', 'Barkskin', 'defensive', 'tree-branch', 3, 'Skin hardens into bark.', [st('ally', 'fortify', 3), shield('ally', 1.6, 'atk')]),
  a('moonfire', 'Moonfire', 'offensive', 'moon', 1, 'Silver fire from the moon.', [dmg('enemy', 1.15), st('enemy', 'burn', 2, 0.5)]),
  passive('natures_bond', "Nature's Bond", 'tree-growth', 'The wild sustains its own.', { hpPct: 0.1, regen: 0.02 }),
  ult('wild_growth', 'Wild Growth', 'vine-flower', 'The grove blooms around the party.', [heal('all_allies', 1.5), st('all_allies', 'regeneration', 4), cleanse('all_allies')]),
  ult('wrath_of_the_wild', 'Wrath of the Wild', 'bear-head', 'The beasts of the forest answer.', [dmg('all_enemies', 1.05), st('all_enemies', 'bleed', 3, 0.8), st('all_enemies', 'slow', 2, 0.5)]),
  // Bard
  a('inspiring_song', 'Inspiring Song', 'support', 'music-spell', 2, 'A tune that stirs the blood.', [st('all_allies', 'empower', 2), energy('all_allies', 10)]),
  a('dissonance', 'Dissonance', 'offensive', 'sound-waves', 1, 'A chord that shatters concentration.', [dmg('enemy', 1.05), st('enemy', 'silence', 1, 0.5), sap('enemy', 15)]),
  a('soothing_melody', 'Soothing Melody', 'support', 'lyre', 2, 'A gentle air that eases pain.', [heal('all_allies', 0.75)]),
  a('mocking_verse', 'Mocking Verse', 'utility', 'drama-masks', 2, 'A cutting rhyme that saps the will.', [dmg('enemy', 0.6), st('enemy', 'weaken', 3), st('enemy', 'vulnerable', 2, 0.5)]),
  passive('encore', 'Encore', 'drum', 'Always ready for the next verse.', { energyGain: 0.2, spdPct: 0.08 }),
  ult('crescendo', 'Crescendo', 'harp', 'The song rises to a roar.', [st('all_allies', 'haste', 3), st('all_allies', 'empower', 3), energy('all_allies', 20)]),
  ult('song_of_ruin', 'Song of Ruin', 'flute', 'A dirge that breaks the enemy.', [dmg('all_enemies', 0.95), st('all_enemies', 'silence', 2, 0.6), st('all_enemies', 'weaken', 2)]),
  // Necromancer
  a('life_drain', 'Life Drain', 'offensive', 'heart-drop', 1, 'Draws the life out of a foe.', [dmg('enemy', 1.1, { drain: 0.5 })]),
  a('curse_of_frailty', 'Curse of Frailty', 'utility', 'voodoo-doll', 2, 'A whispered hex.', [st('enemy', 'curse', 3), st('enemy', 'weaken', 3), dmg('enemy', 0.4)]),
  a('bone_armor', 'Bone Armor', 'defensive', 'ribcage', 3, 'Wraps an ally in bone.', [shield('ally', 1.7, 'atk'), st('ally', 'fortify', 2)]),
  a('plague', 'Plague', 'offensive', 'biohazard', 2, 'A sickness spreads through the enemy.', [dmg('all_enemies', 0.3), st('all_enemies', 'poison', 3, 0.75)]),
  passive('dark_pact', 'Dark Pact', 'pentacle', 'Power bought with a price.', { lifesteal: 0.1, dotDealt: 0.25 }),
  ult('army_of_the_dead', 'Army of the Dead', 'raise-zombie', 'The fallen rise and claw at the living.', [dmg('random_enemy', 0.7, { hits: 5 }), st('all_enemies', 'weaken', 2, 0.5)]),
  ult('soul_harvest', 'Soul Harvest', 'grim-reaper', 'Reaps a little of every soul.', [dmg('all_enemies', 1.1, { drain: 0.4 }), st('all_enemies', 'curse', 2)]),
];

export const ABILITIES: ContentTable<AbilityDef> = tableOf(list);

/** Energy a unit gains after an action (an ultimate gives none; defend and focus say their own). */
export const ACTION_ENERGY = 20;

/**
 * The basic actions every unit has, content like any ability: the engine, the AI, the options and the rules text
 * read them through the same effects registry. The attack's name is the class's (ClassDef.attackName).
 */
export const BASIC_ACTIONS: Record<'attack' | 'defend' | 'focus', AbilityDef> = {
  attack: {
    id: 'attack', name: 'Attack', type: 'offensive', glyph: 'crossed-swords', cooldown: 0, flavour: 'Basic attack.',
    effects: [dmg('enemy', 1)], energy: ACTION_ENERGY,
    basic: { told: '{actor} attacks {target} with {attack}.', classNamed: true },
  },
  defend: {
    id: 'defend', name: 'Defend', type: 'defensive', glyph: 'shield', cooldown: 0, flavour: 'Raise a guard.',
    effects: [shield('self', 0.12, 'max_hp', 2)], energy: ACTION_ENERGY * 0.75, aiWeight: 0.8,
    basic: { told: '{actor} raises a guard.' },
  },
  focus: {
    id: 'focus', name: 'Focus', type: 'utility', glyph: 'meditation', cooldown: 0, flavour: 'Gather energy for the ultimate.',
    effects: [energy('self', 40)], energy: 0,
    basic: { told: '{actor} focuses, gathering energy.' },
  },
};
