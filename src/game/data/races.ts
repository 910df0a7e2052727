// Races: a description, a small stat lean, and a name grammar (start + middle? + end, then a family name).
// Portrait art keys off these ids (src/game/art/).

import type { RaceDef } from './schema.ts';
import { tableOf, type ContentTable } from './table.ts';

const list: RaceDef[] = [
  {
    id: 'human', name: 'Human', glyph: 'person',
    description: 'Adaptable and ambitious, humans fill every army, guild and throne room of the realm.',
    stats: { hp: 1, atk: 1, def: 1, spd: 1 },
    names: {
      start: ['Al', 'Bran', 'Cor', 'Ed', 'Gar', 'Hal', 'Is', 'Jor', 'Mar', 'Ro', 'Sel', 'Tom', 'Wil', 'El', 'Ced', 'Ar', 'Lu', 'Ger'],
      middle: ['', '', 'a', 'e', 'i', 'o', 'ri', 'wen'],
      end: ['ric', 'an', 'wyn', 'da', 'mund', 'ton', 'ra', 'bert', 'elle', 'ard', 'iss', 'win', 'ora', 'ias'],
      family: ['Ashford', 'Blackwood', 'Thornwood', 'Halloway', 'Greaves', 'Marsh', 'Stonebridge', 'Fairweather', 'Crowley', 'Vance', 'Hale', 'Redmane', 'Whitlock', 'Ironside', 'Castellan', 'Brightwater'],
    },
    favouredBoons: ['quick_reflexes', 'battle_ready'],
  },
  {
    id: 'elf', name: 'Elf', glyph: 'elf-ear',
    description: 'Long-lived and keen-eyed, elves move through the old forests like wind through leaves.',
    stats: { hp: 0.94, atk: 1.02, def: 0.95, spd: 1.09 },
    names: {
      start: ['Ae', 'Ca', 'E', 'Fae', 'Gal', 'Il', 'Lae', 'Mi', 'Nae', 'Syl', 'Tha', 'Va', 'Ely', 'Ara', 'Lor'],
      middle: ['', 'la', 'li', 'ri', 'the', 'va', 'ny', 'ra'],
      end: ['thil', 'wen', 'dor', 'riel', 'las', 'nor', 'ion', 'ssa', 'iel', 'wyn', 'mir', 'lith', 'ndra'],
      family: ['Moonwhisper', 'Silverleaf', 'Starbloom', 'Duskwalker', 'Windsong', 'Nightbreeze', 'Dawnpetal', 'Glimmerbrook', 'Mistvale', 'Sunweaver', 'Thornveil', 'Larkspur', 'Evenfall'],
    },
    favouredBoons: ['keen_eye', 'nimble'],
  },
  {
    id: 'dwarf', name: 'Dwarf', glyph: 'dwarf-face',
    description: 'Stout, bearded and stubborn as stone, dwarves forge the best steel under the mountains.',
    stats: { hp: 1.1, atk: 1.0, def: 1.1, spd: 0.95 },
    names: {
      start: ['Bal', 'Bor', 'Dur', 'Dwa', 'Gim', 'Gro', 'Kha', 'Mor', 'Thr', 'Bru', 'Dag', 'Hel', 'Tor', 'Gun', 'Ulf'],
      middle: ['', '', 'a', 'i', 'o', 'an', 'un'],
      end: ['in', 'din', 'li', 'rik', 'grim', 'dok', 'nar', 'bur', 'ra', 'dis', 'mund', 'gar', 'helm'],
      family: ['Ironfoot', 'Stonebeard', 'Anvilheart', 'Deepdelver', 'Flintaxe', 'Copperkettle', 'Goldvein', 'Hammerfall', 'Oakenshield', 'Coalbrow', 'Rockmantle', 'Brewbarrel', 'Steelgrip'],
    },
    favouredBoons: ['iron_skin', 'tough_hide'],
  },
  {
    id: 'orc', name: 'Orc', glyph: 'orc-head',
    description: 'Tusked, green-skinned and proud, orcs settle every argument with a contest of strength.',
    stats: { hp: 1.07, atk: 1.08, def: 0.96, spd: 0.94 },
    names: {
      start: ['Gro', 'Mag', 'Dur', 'Ug', 'Shag', 'Bol', 'Thra', 'Kro', 'Zug', 'Gar', 'Ruk', 'Naz', 'Hro', 'Var', 'Mok'],
      middle: ['', '', 'ga', 'ra', 'um', 'ok', 'ash'],
      end: ['k', 'gash', 'th', 'nak', 'ruk', 'mog', 'dush', 'gul', 'zag', 'kha', 'rim', 'tar', 'bul'],
      family: ['Skullsplitter', 'Bloodtusk', 'Ironjaw', 'Bonecrusher', 'Redfang', 'Stormhide', 'Ashmaw', 'Gorefist', 'Blacktooth', 'Warbrand', 'Grimhowl', 'Dirtclaw', 'Thunderhoof'],
    },
    favouredBoons: ['brutal', 'bloodlust'],
  },
  {
    id: 'halfling', name: 'Halfling', glyph: 'hobbit-dwelling',
    description: 'Small, quick and unreasonably lucky, halflings turn up wherever there is food or trouble.',
    stats: { hp: 0.92, atk: 0.97, def: 1.0, spd: 1.12 },
    names: {
      start: ['Bil', 'Fro', 'Mer', 'Pip', 'Sam', 'Ros', 'Dai', 'Lob', 'Tan', 'Wil', 'Cor', 'Ned', 'Pol', 'Mil', 'Hob'],
      middle: ['', '', 'a', 'i', 'o', 'li', 'be'],
      end: ['bo', 'do', 'ry', 'pin', 'wise', 'sy', 'lia', 'ly', 'ric', 'ella', 'wick', 'kin', 'nie'],
      family: ['Underhill', 'Goodbarrel', 'Proudfoot', 'Tealeaf', 'Brandyhall', 'Greenbottle', 'Hilltopple', 'Thistlewood', 'Applecart', 'Burrows', 'Honeypot', 'Quickstep', 'Mugwort'],
    },
    favouredBoons: ['nimble', 'quick_reflexes'],
  },
  {
    id: 'tiefling', name: 'Tiefling', glyph: 'devil-mask',
    description: 'Horned and ember-eyed, tieflings carry an infernal bloodline they never asked for.',
    stats: { hp: 0.97, atk: 1.06, def: 0.97, spd: 1.02 },
    names: {
      start: ['Ma', 'Ze', 'Aka', 'Ny', 'Da', 'Kal', 'Lev', 'Mor', 'Ora', 'Sa', 'Vex', 'Xa', 'Iri', 'Bel', 'Az'],
      middle: ['', 'ri', 'ze', 'mo', 'la', 'the', 'ka'],
      end: ['kai', 'lith', 'ros', 'ria', 'meus', 'thos', 'ira', 'zir', 'nox', 'vex', 'phe', 'rakas', 'mon'],
      family: ['Ashborn', 'Emberheart', 'Hellbrand', 'Nightcoil', 'Sinwhisper', 'Cinderveil', 'Brimstone', 'Duskhorn', 'Vilecrown', 'Smokeshade', 'Torment', 'Gloomthorn', 'Scarlet'],
    },
    favouredBoons: ['venom_blood', 'arcane_well'],
  },
  {
    id: 'dragonborn', name: 'Dragonborn', glyph: 'dragon-head',
    description: 'Scaled and towering, dragonborn bear the pride and the breath of their draconic ancestors.',
    stats: { hp: 1.08, atk: 1.05, def: 1.04, spd: 0.9 },
    names: {
      start: ['Arj', 'Bala', 'Dona', 'Ghe', 'Kri', 'Med', 'Nad', 'Pand', 'Rho', 'Sha', 'Tor', 'Vrak', 'Zor', 'Kav', 'Har'],
      middle: ['', 'a', 'ar', 'ja', 'ri', 'ko'],
      end: ['han', 'sar', 'thra', 'rash', 'jed', 'kor', 'inn', 'gar', 'roth', 'dra', 'vex', 'nax', 'rinn'],
      family: ['Clethtinthiallor', 'Daardendrian', 'Kerrhylon', 'Myastan', 'Yarjerit', 'Ophinshtalajiir', 'Turnuroth', 'Delmirev', 'Prexijandilin', 'Fenkenkabradon', 'Kepeshkmolik', 'Norixius', 'Shestendeliath'],
    },
    favouredBoons: ['giants_blood', 'warded'],
  },
  {
    id: 'goblin', name: 'Goblin', glyph: 'goblin-head',
    description: 'Wiry, sharp-eared and endlessly scheming, goblins win by numbers, traps and dirty tricks.',
    stats: { hp: 0.9, atk: 1.03, def: 0.92, spd: 1.14 },
    names: {
      start: ['Snik', 'Griz', 'Nub', 'Zik', 'Skab', 'Rat', 'Gob', 'Fiz', 'Krik', 'Mog', 'Nix', 'Spug', 'Tik', 'Wug', 'Blix'],
      middle: ['', '', 'a', 'i', 'le', 'ga', 'ob'],
      end: ['', 'nik', 'gle', 'bit', 'snag', 'wort', 'zz', 'let', 'rot', 'tooth', 'nose', 'scratch', 'kin'],
      family: ['the Sly', 'Ratbiter', 'Mudfoot', 'Coinsnatcher', 'the Quick', 'Sparkfingers', 'Gutstabber', 'Wormtongue', 'Bogsniffer', 'the Rotten', 'Pickpocket', 'Knifewit', 'Tinkerjaw'],
    },
    favouredBoons: ['executioner', 'first_strike'],
  },
];

export const RACES: ContentTable<RaceDef> = tableOf(list);
