// /profile/credits — credits for the art and type we ship (docs/art.md, "Credits"): game-icons.net icons under
// CC BY 3.0 (listed one by one from icon-bodies.ts), Cinzel and Inter under the SIL OFL.
import { Link } from 'react-router';
import { ICON_SOURCES, type IconName } from '../../components/icon-bodies.ts';
import { Icon } from '../../components/icon.tsx';

export default function CreditsPage() {
  const used = [...new Set(Object.values(ICON_SOURCES))].sort();
  const example = Object.fromEntries(Object.entries(ICON_SOURCES).map(([k, v]) => [v, k as IconName]));
  return (
    <div className="stack">
      <Link to="/profile" className="back-link">
        ← Back
      </Link>
      <h1>Credits</h1>
      <section className="panel">
        <h2>Icons</h2>
        <p>
          Interface, ability, trait and item icons are from{' '}
          <a href="https://game-icons.net" rel="noreferrer">
            game-icons.net
          </a>{' '}
          by Lorc, Delapouite and contributors, licensed under{' '}
          <a href="https://creativecommons.org/licenses/by/3.0/" rel="noreferrer">
            CC BY 3.0
          </a>
          . Some are recoloured or combined.
        </p>
        <ul className="credits-icons">
          {used.map((name) => (
            <li key={name}>
              <Icon name={example[name]} size={20} /> {name}
            </li>
          ))}
        </ul>
      </section>
      <section className="panel">
        <h2>Type</h2>
        <p>
          Cinzel by Natanael Gama and Inter by Rasmus Andersson, both under the SIL Open Font License 1.1,
          self-hosted through Fontsource.
        </p>
      </section>
      <section className="panel">
        <h2>Portraits and places</h2>
        <p>
          Hero portraits, dungeon and battle scenes are drawn by Runeborn itself from each hero&apos;s seed.
        </p>
      </section>
    </div>
  );
}
