// The campaign's content: six chapters of eight stages, each stage a fixed enemy line-up (NPCs generated from the
// stage's own seeds), a line of story, a scene, what its first clear pays and opens, and the idle income it sets
// once it is the player's furthest. The rules over it (statuses, foes, power, idle income) are ../campaign.ts;
// every number here comes from a measurement: the recommended powers from `npm run difficulty` (bench/difficulty.ts),
// the rewards and idle rates from `npm run sim:season` (bench/season.ts); docs/game-rules.md "The campaign".
import type { DailyReward } from './quests.ts';
import type { GearSetId } from './gear.ts';


/** Something a stage's first clear opens: a dungeon (by id) or the arena. */
export type Unlock = { kind: 'dungeon'; id: string } | { kind: 'arena' };

/** One foe of a stage: its level, rarity and training (its looks and abilities come from the stage's seed). */
export interface FoeDef {
  level: number;
  rarity: number;
  /** levels of training (src/game/training.ts), on the stages past the sixth chapter; absent: none */
  training?: number;
}

export interface StageDef {
  /** `1-1` … `6-8`: chapter and place in it */
  id: string;
  chapter: number;
  /** 1–8 within the chapter */
  index: number;
  name: string;
  story: string;
  /** Scene art theme (scenePath) */
  scene: string;
  foes: readonly FoeDef[];
  /** Which of the stage's seeds its foes are drawn from (picked by measurement: npm run difficulty -- tune) */
  variant: number;
  /** The team power at which the fight is even (measured: npm run difficulty) */
  recommendedPower: number;
  /** What the first clear pays, once */
  firstClear: DailyReward;
  unlocks: readonly Unlock[];
}

export interface ChapterDef {
  id: number;
  name: string;
  scene: string;
  story: string;
  /** The gear set its stages drop (src/game/gear-drops.ts) */
  gearSet: GearSetId;
}

export const CHAPTERS: readonly ChapterDef[] = [
  {
    id: 1,
    name: 'The Forest Road',
    scene: 'forest',
    story: 'Bandits have closed the old road through the woods, and the villages beyond go hungry.',
    gearSet: 'verdant',
  },
  {
    id: 2,
    name: 'The Drowned Marsh',
    scene: 'swamp',
    story: 'The bandits answered to someone in the marsh, where the dead do not stay down.',
    gearSet: 'gale',
  },
  {
    id: 3,
    name: 'The Sunken Deep',
    scene: 'cavern',
    story: 'Under the marsh the old mines run deep, and something down there is digging upward.',
    gearSet: 'bulwark',
  },
  {
    id: 4,
    name: 'The Iron March',
    scene: 'fortress',
    story: 'The diggers wore the badge of Ironhold: a fortress that should have stood with you.',
    gearSet: 'ember',
  },
  {
    id: 5,
    name: 'The Ember Peaks',
    scene: 'volcano',
    story: "Ironhold's warlord bought fire from the priests of the caldera. Go and put it out.",
    gearSet: 'ember',
  },
  {
    id: 6,
    name: 'The Sundered Sky',
    scene: 'void',
    story: 'Above the peaks the sky has torn open. Whatever bargained with the priests is coming through.',
    gearSet: 'gale',
  },
  {
    id: 7,
    name: 'The Far Side',
    scene: 'void',
    story: 'The door is shut, but the Archon left a road behind it. Someone has to walk it and see where it ends.',
    gearSet: 'ember',
  },
  {
    id: 8,
    name: 'The Ashen Kingdom',
    scene: 'volcano',
    story: 'Beyond the rift lies a kingdom the Archon burned long ago. Its kings still sit on their thrones of ash.',
    gearSet: 'bulwark',
  },
  {
    id: 9,
    name: 'The Drowned Throne',
    scene: 'swamp',
    story: 'The ash kings answered to a queen beneath the black water, and she has been waiting for you.',
    gearSet: 'verdant',
  },
  {
    id: 10,
    name: 'The Iron Legion',
    scene: 'fortress',
    story: 'A legion that served the Archon marches still, and its road leads home — to your villages.',
    gearSet: 'gale',
  },
  {
    id: 11,
    name: 'The Deepest Dark',
    scene: 'cavern',
    story: 'The legion was born in caverns under the world, where the Archon first took root.',
    gearSet: 'bulwark',
  },
  {
    id: 12,
    name: 'The Withered Grove',
    scene: 'forest',
    story: 'At the root of everything, a grove the Archon fed on. Cut the last root, and the road is yours again.',
    gearSet: 'verdant',
  },
  {
    id: 13,
    name: 'The Salt Coast',
    scene: 'swamp',
    story: 'With the root cut, the sea drew back from the coast, and what it had drowned walked out of the surf.',
    gearSet: 'gale',
  },
  {
    id: 14,
    name: 'The Glass Desert',
    scene: 'volcano',
    story: 'South of the coast the Archon burned the sand to glass. Its last servants keep the ovens lit.',
    gearSet: 'ember',
  },
  {
    id: 15,
    name: 'The Hollow Mountain',
    scene: 'cavern',
    story: 'A mountain mined hollow for the Archon’s forges, and the forges are still working.',
    gearSet: 'bulwark',
  },
  {
    id: 16,
    name: 'The Sleepless City',
    scene: 'fortress',
    story: 'A city that swore to the Archon never sleeps: its watch still walks the walls, waiting for orders.',
    gearSet: 'bulwark',
  },
  {
    id: 17,
    name: 'The Starfall Wastes',
    scene: 'void',
    story: 'Where the Archon fell from the sky the land is still falling upward, piece by piece.',
    gearSet: 'gale',
  },
  {
    id: 18,
    name: 'The World’s Edge',
    scene: 'void',
    story: 'At the edge of the world stands the last door, and something on the far side is knocking.',
    gearSet: 'ember',
  },
];

const STAGE_TEXT: readonly (readonly [name: string, story: string])[] = [
  ['The Toll Gate', 'A lone cutthroat demands a toll at the edge of the woods.'],
  ['Broken Wagons', 'A looted caravan, and the looters still picking at it.'],
  ['Thornling Hollow', 'Something in the briars has been feeding the bandits warnings.'],
  ['The Poachers’ Camp', 'Smoke rises from a camp that should not be there.'],
  ['Outlaw Bridge', 'The only bridge over the river, held by bowmen.'],
  ['The Hanging Oak', 'A grim tree where the gang leaves its messages.'],
  ['The Old Mill', 'The gang’s stores are hidden behind the grinding wheel.'],
  ['The Bandit Queen', 'Their leader waits in the ruined lodge, and she is not alone.'],
  ['Reed Paths', 'The road sinks into the marsh; the reeds are watching.'],
  ['Bog Lanterns', 'Lights lure travellers off the path, and something eats them.'],
  ['The Sunken Chapel', 'Bells ring under the water at night.'],
  ['Leech Pools', 'Fat things rise from the pools to meet you.'],
  ['The Ferryman', 'He takes a coin for the crossing — or a life.'],
  ['Drowned Graves', 'The marsh has opened its graves.'],
  ['The Witch’s Stilts', 'A hut on stilts, and a witch who knew the bandit queen.'],
  ['The Mire Lord', 'The master of the marsh rises to defend his court.'],
  ['The Shaft Mouth', 'A mine mouth in the marsh’s heart breathes warm air.'],
  ['Glowworm Gallery', 'A cavern lit green, and the light is moving.'],
  ['The Collapsed Seam', 'Fresh rubble, fresh tracks, fresh blood.'],
  ['Crystal Vein', 'Gem-witches sing the rock open here.'],
  ['The Underlake', 'A black lake with something in it that does not like lamps.'],
  ['Foreman’s Hall', 'The diggers answer to a foreman with an iron badge.'],
  ['The Deep Forge', 'They are forging weapons down here. Many weapons.'],
  ['The Colossus', 'The rock itself stands up to stop you.'],
  ['The Border Road', 'Ironhold’s patrols now stop anyone on the road.'],
  ['The Watchtower', 'Crossbows on the tower, a sergeant barking orders.'],
  ['Siege Camp', 'An army camps outside a town that never rebelled.'],
  ['The Outer Wall', 'The fortress walls, and the men who hold them.'],
  ['The Chapel of Iron', 'The fortress priests bless blades, not people.'],
  ['The Barracks', 'The garrison, woken by the alarm.'],
  ['The Champion’s Yard', 'Ironhold’s champion will not yield the gate.'],
  ['The Warlord', 'The warlord of Ironhold, and the fire in his hands.'],
  ['Ash Fields', 'Grey snow falls on the slopes of the caldera.'],
  ['The Cinder Steps', 'Zealots guard the climb, singing hymns to the flame.'],
  ['Salamander Springs', 'The springs boil, and the salamanders love it.'],
  ['The Ashguard', 'Armoured in slag, the caldera’s guards stand firm.'],
  ['The Pyre Road', 'A road lit by burning effigies of the priests’ enemies.'],
  ['Temple of Embers', 'The priests’ temple, its doors wide and waiting.'],
  ['The Molten Heart', 'The caldera’s heart, where the fire is sold.'],
  ['The High Priest', 'The high priest of the flame will bargain no longer.'],
  ['The Rift’s Edge', 'The sky is a wound; shades pour out of it.'],
  ['Falling Stars', 'Stars fall here, and they have teeth.'],
  ['The Watcher’s Gaze', 'A single eye in the rift, and everything it sees turns on you.'],
  ['Drifting Isles', 'Broken rock floats in the void, held by old spells.'],
  ['The Devourer', 'A hunger with a body, and it has smelled you.'],
  ['The Herald', 'The herald announces its master. Silence it.'],
  ['The Void Knights', 'Knights who swore to nothing, and kept it.'],
  ['The Archon', 'The thing beyond the sky, at the door. Close it.'],
  ['The Seam', 'The closed door still leaks; shapes crawl through the seam.'],
  ['Glass Plains', 'A plain of black glass, and riders skating over it.'],
  ['The Hollow Choir', 'Voices sing from nowhere, and the song cuts.'],
  ['Orbiting Ruins', 'A temple turning slowly in the dark, its guards awake.'],
  ['The Unmade Road', 'The road forgets itself behind you. Its wardens do not.'],
  ['Starless Camp', 'The Archon’s heralds rest here between their errands.'],
  ['The Last Lantern', 'A lantern keeper who lights the way for the wrong side.'],
  ['The Gatewarden', 'The warden of the far side’s gate has never been passed.'],
  ['Cinder Gate', 'A gate of fused stone, still warm after a thousand years.'],
  ['The Ash Market', 'Ghost merchants sell what the fire left behind.'],
  ['Bones of the Palace', 'The palace fell in the fire; its guard never noticed.'],
  ['The Ember Court', 'Courtiers of ash bow, and then they draw.'],
  ['Smoke Gardens', 'Hedges of smoke, and gardeners with shears of flame.'],
  ['The Regent', 'The regent rules for kings who no longer breathe.'],
  ['The Crownless', 'Three dead kings argue over one crown. They agree on you.'],
  ['The Ash King', 'The last king of the burned land rises from his throne.'],
  ['Black Water', 'The water is still, and nothing reflects in it.'],
  ['The Reed Maze', 'Reeds taller than towers, and something hunting in them.'],
  ['Sunken Bells', 'The bells of a drowned city ring for the queen.'],
  ['The Pale Heralds', 'Her heralds walk on the water to meet you.'],
  ['Coral Crypts', 'The queen’s dead sleep in coral, lightly.'],
  ['The Undertow', 'A current that pulls at the soul, and keepers who ride it.'],
  ['The Queen’s Guard', 'Knights with lungs of water stand before her hall.'],
  ['The Drowned Queen', 'She rises from the throne under the lake. She remembers you.'],
  ['The March Road', 'The legion’s road is paved with the shields of the fallen.'],
  ['The Vanguard', 'Scouts of the legion, fast and without fear.'],
  ['Siege Engines', 'Engines the size of hills, and their crews.'],
  ['The Standard', 'Take the legion’s standard and its heart may break.'],
  ['Iron Chapel', 'The legion prays to a god of orders. It answers.'],
  ['The Tribunes', 'The legion’s officers meet you in formation.'],
  ['The War Camp', 'Ten thousand campfires, and the fighters who tend them.'],
  ['The Legate', 'The legate of the Iron Legion has never lost a battle.'],
  ['The Root Gate', 'A gate of roots under the legion’s barracks, breathing.'],
  ['Echo Halls', 'Halls that answer every step with another’s.'],
  ['The Fungal King', 'A king of spores and his court of rot.'],
  ['Lightless Lake', 'A lake no lamp has touched, and swimmers who like it so.'],
  ['The Hive', 'A hive of things that once were miners.'],
  ['The First Shaft', 'The shaft where the Archon first touched the world.'],
  ['The Root Warden', 'The warden of the Archon’s roots wakes for you.'],
  ['The Deep Heart', 'A heart of stone that beats. Its guardians do not let it stop.'],
  ['The Grey Grove', 'Trees without leaves, and dryads without mercy.'],
  ['Withered Shrines', 'Shrines to a green god the Archon ate.'],
  ['The Thorn Court', 'The court of thorns keeps the grove for its master.'],
  ['Rootbound', 'Heroes of old, held in the roots and made to fight.'],
  ['The Sap Wells', 'The Archon drinks from these wells. Its servants guard them.'],
  ['The Old Oak', 'The oldest tree in the world, and what lives in it.'],
  ['The Grove Keeper', 'The keeper of the withered grove has waited an age.'],
  ['The Last Root', 'The last root of the Archon. Cut it, and the world is yours again.'],
  ['The Tideline', 'The sea has pulled back a mile, and the drowned are walking home.'],
  ['Wreckers’ Cove', 'Wreckers light false beacons for ships that sank a century ago.'],
  ['The Salt Pans', 'White flats where the salt keeps what it killed.'],
  ['The Lighthouse', 'Its keeper still turns the lamp, though he has no eyes.'],
  ['Kelp Forest', 'A forest of dry kelp, and hunters that swim through the air.'],
  ['The Pearl Chapel', 'Pearl divers pray here to a god with too many mouths.'],
  ['The Harbour Chain', 'A chain across the harbour, and the guards who will not let it drop.'],
  ['The Tide Mother', 'The mother of the drowned rises with the tide to take her children back.'],
  ['The Glass Road', 'A road of glass, hot underfoot, and riders who never tire.'],
  ['Mirage Wells', 'The wells lie, and those who drink from them fight for the lie.'],
  ['The Kiln Towers', 'Towers where the Archon’s glassblowers still work the fire.'],
  ['Shattered Caravan', 'A caravan caught in a storm of glass, its guards still marching.'],
  ['The Sand Choir', 'The dunes sing, and the singers are buried just beneath.'],
  ['Sunstone Quarry', 'Slaves of light cut stone that burns to touch.'],
  ['The Oven Gate', 'The gate to the great ovens, held by their keepers.'],
  ['The Glassmaster', 'The master of the ovens blows a body of glass for every foe.'],
  ['The Bellows Gate', 'The mountain breathes through its gate, and the breath is fire.'],
  ['Chain Lifts', 'Lifts that carry ore down and soldiers up.'],
  ['The Slag Rivers', 'Rivers of slag, and ferrymen who cross them.'],
  ['Anvil Hall', 'A hall of anvils, each with a smith who fights with the hammer.'],
  ['The Ore Golems', 'Ore that learned to walk, and to guard the seams.'],
  ['Quenching Pools', 'Pools that hiss, and the forged things that rise from them.'],
  ['The Crucible', 'The great crucible, and the wardens who feed it.'],
  ['The Forge Lord', 'The lord of the hollow mountain holds his hammer high.'],
  ['The Night Gate', 'The gate is open, and the watch is waiting inside.'],
  ['Lantern Street', 'A street of lanterns that follow you, and the lamplighters with them.'],
  ['The Market of Vows', 'Merchants sell oaths here, and every buyer is bound to fight.'],
  ['The Clock Tower', 'A tower whose clock struck the Archon’s hour and stopped.'],
  ['The Magistrates', 'Judges of the sleepless city pass one sentence on strangers.'],
  ['The Sleepless Barracks', 'Soldiers who have not slept in an age, and never will.'],
  ['The Inner Keep', 'The keep at the city’s heart, its doors barred from within.'],
  ['The Watch Captain', 'The captain of the watch still waits for orders. Give her one.'],
  ['The Upward Rain', 'Rocks fall toward the sky here, and things ride them.'],
  ['Crater Rim', 'The rim of the crater where the Archon came down, and its sentries.'],
  ['The Star Shards', 'Shards of the fallen star, and the pilgrims who guard them.'],
  ['Drifting Stones', 'Stepping stones that float over nothing, held by old wardens.'],
  ['The Silent Observatory', 'An observatory built to watch the sky, watching you instead.'],
  ['The Comet Riders', 'Riders on burning stones, circling the wastes.'],
  ['The Heart of the Fall', 'The crater’s heart, and the guard of the star’s remains.'],
  ['The Star Warden', 'The warden of the fallen star will not let it be taken.'],
  ['The Last Road', 'The road runs out where the world does. Its wardens do not.'],
  ['Edge Beacons', 'Beacons burn along the edge, lit by keepers who never leave.'],
  ['The Hanging Stair', 'A stair that hangs over the void, and guards on every step.'],
  ['The Far Watch', 'A watchtower at the edge of everything, and its last garrison.'],
  ['The Knocking', 'The door shakes with every knock. Its wardens brace it.'],
  ['The Door’s Keepers', 'The keepers of the last door meet you with their keys drawn.'],
  ['Beyond the Threshold', 'One step through the door, and the far side’s guard is there.'],
  ['The One Who Knocks', 'The thing on the far side opens the door itself. Send it back.'],
];

/**
 * The foes of stage `k` (0-based across the campaign): one, two, then three foes at the start of chapter 1 (a new
 * player's first two summons can win there), four from 1-6 on; each chapter two levels up from the last, and within it one
 * foe's rarity more per stage — the level at mid-chapter — so every stage is a little harder than the one before.
 * Chapter 6 is fought at level 10 and climbs by rarity alone.
 */
function foesOf(k: number): FoeDef[] {
  const chapter1: FoeDef[][] = [
    [f(1, 1)],
    [f(1, 1), f(1, 1)],
    [f(1, 1), f(1, 1), f(1, 1)],
    [f(1, 1), f(1, 2), f(1, 1)],
    [f(1, 2), f(1, 2), f(1, 1)],
    [f(1, 1), f(1, 1), f(1, 2), f(1, 1)],
    [f(2, 1), f(2, 1), f(2, 2), f(2, 1)],
    [f(2, 2), f(2, 1), f(2, 3), f(2, 1)],
  ];
  if (k < 8) return chapter1[k];
  if (k >= DEEP_FROM) return deepFoes(DEEP_TRAINING[k - DEEP_FROM] ?? 0);
  const c = Math.floor(k / 8) + 1;
  const t = k % 8;
  if (c === 6) {
    // Level 10 throughout: rarity 3 raised one foe at a time, the last stage all 5★.
    const ups = [1, 2, 3, 4, 5, 6, 7, 8][t];
    return [0, 1, 2, 3].map((j) => f(10, Math.min(5, 3 + Math.floor(ups / 4) + (j < ups % 4 ? 1 : 0))));
  }
  const level = CHAPTER_LEVEL[c] + (t >= 4 ? 1 : 0);
  const bumps = t % 4;
  return [0, 1, 2, 3].map((j) => f(level, CHAPTER_RARITY[c] + (j < bumps ? 1 : 0)));
}
/** The first stage past the sixth chapter (0-based): from there every foe is level 10, 5★, and trained. */
export const DEEP_FROM = 48;
/**
 * Past the sixth chapter, the training of each stage's four foes in all, from 7-1 on (deepFoes spreads it over them):
 * tuned with the stage's band so that the recommended powers climb evenly from 6-8's to the last stage's, a step of
 * about 1% a stage — the pace a fighter's power grows at, so a day of play opens a new stage or more
 * (`npm run difficulty -- only=campaign tune from=48 top=7600` prints this list; docs/game-rules.md "The campaign").
 */
export const DEEP_TRAINING: readonly number[] = [0, 1, 2, 4, 5, 6, 9, 10, 2, 8, 11, 12, 13, 14, 15, 16, 12, 14, 16, 20, 21, 22, 23, 24, 54, 57, 62, 63, 64, 65, 67, 69, 63, 67, 68, 69, 70, 72, 76, 78, 79, 80, 82, 83, 84, 85, 88, 92, 95, 96, 97, 99, 102, 105, 107, 111, 93, 94, 95, 97, 101, 104, 105, 108, 128, 129, 130, 133, 134, 139, 140, 141, 150, 154, 158, 159, 162, 164, 165, 166, 144, 149, 151, 152, 156, 157, 158, 160, 167, 173, 174, 176, 178, 182, 183, 187];
/** Four level-10 5★ foes trained `total` levels in all, spread as evenly as whole levels go (the last ones more). */
export function deepFoes(total: number): FoeDef[] {
  return [0, 1, 2, 3].map((j) => ({ level: 10, rarity: 5, training: Math.floor((total + j) / 4) }));
}
function f(level: number, rarity: number): FoeDef {
  return { level, rarity };
}
/** Chapters 2–5: the level of their first half (the second half is one more) and their foes' least rarity. */
const CHAPTER_LEVEL: Record<number, number> = { 2: 2, 3: 4, 4: 6, 5: 8 };
const CHAPTER_RARITY: Record<number, number> = { 2: 1, 3: 2, 4: 2, 5: 3 };

/**
 * The team power at which each stage is an even fight: measured by `npm run difficulty` (typical teams of the
 * foes' number, levels 1–10 and stronger: the nine nearest this power win 45–55% against the stage from 1-7 on, 2-1
 * 59%), picked with the stage's variant by `npm run difficulty -- only=campaign tune`, never falling stage to stage.
 */
const RECOMMENDED_POWER: readonly number[] = [260, 510, 760, 760, 760, 1030, 1130, 1260, 1270, 1270, 1270, 1270, 1290, 1290, 1290, 1290, 1410, 1410, 1450, 1530, 1530, 1530, 1530, 1620, 1620, 1640, 1640, 1710, 1710, 1750, 1790, 1870, 1870, 1900, 2130, 2130, 2130, 2130, 2130, 2130, 2160, 2160, 2160, 2160, 2180, 2490, 2490, 2490, 2540, 2600, 2650, 2700, 2760, 2810, 2860, 2920, 2950, 3000, 3080, 3110, 3180, 3240, 3290, 3340, 3390, 3450, 3500, 3550, 3610, 3660, 3710, 3770, 3820, 3870, 3950, 3980, 4030, 4090, 4140, 4190, 4250, 4300, 4350, 4410, 4440, 4510, 4570, 4620, 4710, 4730, 4780, 4830, 4890, 4940, 4990, 5050, 5100, 5150, 5200, 5260, 5310, 5360, 5420, 5470, 5520, 5580, 5630, 5680, 5740, 5790, 5840, 5900, 5950, 6000, 6060, 6110, 6160, 6220, 6270, 6320, 6380, 6430, 6480, 6540, 6590, 6640, 6700, 6750, 6800, 6850, 6910, 6960, 7010, 7070, 7120, 7170, 7230, 7280, 7330, 7390, 7440, 7490, 7550, 7600];

/**
 * Each stage's seed variant: of eight, the one that is a fair fight (45–55%) at the least recommended power not below
 * the stage before's (`npm run difficulty -- only=campaign tune` prints this list and the powers).
 */
const VARIANTS: readonly number[] = [3, 7, 5, 3, 6, 4, 2, 6, 5, 4, 4, 3, 3, 2, 0, 4, 4, 1, 1, 4, 1, 4, 2, 5, 0, 6, 1, 0, 7, 6, 4, 3, 2, 0, 6, 5, 3, 0, 4, 4, 0, 0, 3, 6, 5, 4, 3, 3, 10, 10, 10, 10, 10, 10, 10, 10, 20, 20, 20, 20, 20, 20, 20, 20, 22, 22, 22, 22, 22, 22, 22, 22, 8, 8, 8, 8, 8, 8, 8, 8, 5, 5, 5, 5, 5, 5, 5, 5, 29, 29, 29, 29, 29, 29, 29, 29, 13, 13, 13, 13, 13, 13, 13, 13, 7, 7, 7, 7, 7, 7, 7, 7, 9, 9, 9, 9, 9, 9, 9, 9, 29, 29, 29, 29, 29, 29, 29, 29, 5, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10, 10, 10, 10];

/** What opens with each stage's first clear, one new thing at a time (docs/game-rules.md "The campaign"). */
const UNLOCKS: Record<string, Unlock[]> = {
  '1-2': [{ kind: 'dungeon', id: 'whispering_woods' }],
  '1-5': [{ kind: 'dungeon', id: 'forgotten_crypt' }],
  '1-8': [{ kind: 'arena' }],
  '2-4': [{ kind: 'dungeon', id: 'sunken_mines' }],
  '2-8': [{ kind: 'dungeon', id: 'ironhold_fortress' }],
  '3-6': [{ kind: 'dungeon', id: 'ember_caldera' }],
  '4-6': [{ kind: 'dungeon', id: 'void_sanctum' }],
};

/**
 * A first clear's pay: gold and essence growing with the stage, combat tokens from chapter 2, and a summoning scroll
 * at each chapter's middle and end (set by npm run sim:season: docs/game-rules.md).
 */
const FIRST_CLEAR_GROWS_TO = 12;
export function firstClearOf(k: number): DailyReward {
  const stage = k + 1;
  const index = (k % 8) + 1;
  // Grows to chapter 2's end, then stays: past it first clears were a quarter of a fighter's first two weeks' income
  // (npm run sim:season -- days=14, 2026-11-29: fights 41–44%, under the half wanted).
  const n = Math.min(stage, FIRST_CLEAR_GROWS_TO);
  // Past the sixth chapter a stage is about half the climb of one before it (1% of power, not 2%: DEEP_TRAINING) and a
  // fighter clears two to five a day: it pays 35% (with half, first clears were 30–70% of a fighter's income on its
  // climbing days and fights 49% of two weeks' income, under the half wanted: npm run sim:season -- days=14, 2026-11-29).
  const share = k >= DEEP_FROM ? 0.35 : 1;
  return {
    gold: Math.round((40 + 10 * n) * share),
    magic_essence: Math.round((10 + 2 * n) * share),
    ...(k >= 8 && { combat_tokens: Math.round((2 + Math.floor(stage / 8)) * share) }),
    // a scroll at each chapter's middle and end; past the sixth chapter, at its end only
    ...((index === 8 || (index === 4 && k < DEEP_FROM)) && { summoning_scrolls: 1 }),
  };
}

export const STAGES: readonly StageDef[] = STAGE_TEXT.map(([name, story], k) => {
  const chapter = Math.floor(k / 8) + 1;
  const index = (k % 8) + 1;
  const id = `${chapter}-${index}`;
  return {
    id,
    chapter,
    index,
    name,
    story,
    scene: CHAPTERS[chapter - 1].scene,
    foes: foesOf(k),
    variant: VARIANTS[k] ?? 0,
    recommendedPower: RECOMMENDED_POWER[k],
    firstClear: firstClearOf(k),
    unlocks: UNLOCKS[id] ?? [],
  };
});

export const STAGES_BY_ID: ReadonlyMap<string, StageDef> = new Map(STAGES.map((s) => [s.id, s]));
