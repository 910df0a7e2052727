// /herocard — the public hero card demo: the demo hero (level 5, rarity 4, hp 850,
// atk 95, def 72, spd 88) in every size, the sizes table, the features list, and a rarity row. No login.
import { useState } from 'react';
import type { Hero } from '../../../api/index.ts';
import { HERO_CARD_SIZES, HeroCard, type HeroCardSize } from '../../components/hero-card.tsx';
import './herocard.css';

const ART = '/api/art';

export const DEMO_HERO: Hero = {
  id: 'demo_hero',
  user_id: null,
  seed: 424242,
  name: 'Aelindra Stormveil',
  race: 'Elf',
  race_description: 'Long-lived and keen-eyed.',
  class: 'Sorcerer',
  class_description: 'Wields raw elemental power.',
  type: 'Damage',
  rarity: 4,
  level: 5,
  xp: 120,
  hp: 850,
  max_hp: 850,
  atk: 95,
  def: 72,
  spd: 88,
  spread: { max_hp: 3, atk: 4, def: -2, spd: 0 },
  description: 'A storm-touched sorcerer who reads the runes in falling rain.',
  portrait_url: `${ART}/portraits/elf/sorcerer/damage/4/424242.svg`,
  boon: { id: 'quick_learner', name: 'Quick Learner', description: 'Gains experience faster.' },
  bane: { id: 'fragile', name: 'Fragile', description: 'Takes a little more damage.' },
  boon_icon: '',
  bane_icon: '',
  abilities: [
    {
      id: 'fireball',
      name: 'Fireball',
      description: 'A roaring ball of flame that may set the target burning.',
      level: 1,
      type: 'offensive',
      icon: `${ART}/icons/ability/fireball.svg`,
    },
    {
      id: 'frost_nova',
      name: 'Frost Nova',
      description: 'A burst of cold that slows every foe.',
      level: 1,
      type: 'offensive',
      icon: `${ART}/icons/ability/frost_nova.svg`,
    },
    {
      id: 'meteor',
      name: 'Meteor',
      description: 'Calls a burning star down on the enemy line. Needs full energy.',
      level: 1,
      type: 'ultimate',
      icon: `${ART}/icons/ability/meteor.svg`,
    },
  ],
};

const SIZES: HeroCardSize[] = ['tiny', 'x-small', 'small', 'medium', 'large'];
const FEATURES = [
  'Hover zoom',
  "Role display 'Lv X Race Class'",
  '3 abilities (2 normal and 1 ultimate, large only)',
  'Tooltips',
  '1-5 rarity stars',
  'Mobile-first',
];

export default function HeroCardDemoPage() {
  const [selected, setSelected] = useState(true);
  return (
    <div className="herocard-demo stack">
      <header>
        <h1>Hero Cards</h1>
        <p className="muted">Every size of the Runeborn hero card, shown with the demo hero.</p>
      </header>

      <section className="panel">
        <h2>Sizes</h2>
        <div className="table-wrap">
          <table className="sizes-table">
            <thead>
              <tr>
                <th scope="col">Size</th>
                <th scope="col">Dimensions</th>
                <th scope="col">Use</th>
              </tr>
            </thead>
            <tbody>
              {SIZES.map((s) => (
                <tr key={s}>
                  <td>{s}</td>
                  <td className="tabular">
                    {HERO_CARD_SIZES[s].width}x{HERO_CARD_SIZES[s].height}
                  </td>
                  <td>{HERO_CARD_SIZES[s].use}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="panel">
        <h2>Features</h2>
        <ul className="features">
          {FEATURES.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      </section>

      <section className="demo-size">
        <h2>All sizes</h2>
        <div className="demo-gallery">
          {SIZES.map((s) => (
            <figure key={s} className="demo-gallery__item" data-demo-size={s}>
              <HeroCard hero={DEMO_HERO} size={s} onClick={() => undefined} />
              <figcaption>
                <strong>{s}</strong>{' '}
                <span className="muted tabular">
                  {HERO_CARD_SIZES[s].width}×{HERO_CARD_SIZES[s].height}
                </span>
              </figcaption>
            </figure>
          ))}
        </div>
      </section>

      <div className="demo-pair">
        <section className="demo-size">
          <h2>Selectable</h2>
          <p className="muted">Tap to toggle the check mark.</p>
          <div className="demo-size__row">
            <HeroCard
              hero={DEMO_HERO}
              size="small"
              selected={selected}
              onClick={() => setSelected((v) => !v)}
            />
          </div>
        </section>

        <section className="demo-size">
          <h2>Rarity frames</h2>
          <p className="muted">Plain, glow, stronger glow, double border, shimmer.</p>
          <div className="demo-size__row demo-size__row--wrap">
            {[1, 2, 3, 4, 5].map((r) => (
              <HeroCard
                key={r}
                hero={{
                  ...DEMO_HERO,
                  id: `demo_rarity_${r}`,
                  rarity: r,
                  portrait_url: `${ART}/portraits/elf/sorcerer/damage/${r}/424242.svg`,
                }}
                size="x-small"
              />
            ))}
          </div>
        </section>
      </div>
    </div>
  );
}
