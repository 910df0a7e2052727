// /map — the world map (spec §2 "/map"): Arena, Shop and Dungeons over a painted overview.
// A destination can be flagged Coming Soon; none is.
import { Link } from 'react-router';
import { Icon, type IconName } from '../../components/icon.tsx';
import './map.css';

interface Destination {
  to: string;
  name: string;
  blurb: string;
  icon: IconName;
  theme: string;
  comingSoon?: boolean;
}

export const DESTINATIONS: Destination[] = [
  { to: '/arena', name: 'Arena', blurb: '1v1 duels vs players or NPCs', icon: 'arena', theme: 'arena' },
  { to: '/shop', name: 'Shop', blurb: 'Purchase items and upgrades', icon: 'shop', theme: 'shop' },
  { to: '/dungeons', name: 'Dungeons', blurb: 'Explore dangerous dungeons for rare rewards', icon: 'dungeons', theme: 'dungeons' },
];

function MapArt() {
  // A painted overview: dusk sky, mountains, a road linking the three places. Decorative.
  return (
    <svg className="world-map__art" viewBox="0 0 400 220" preserveAspectRatio="xMidYMid slice" aria-hidden="true">
      <defs>
        <linearGradient id="map-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#1b1530" />
          <stop offset="0.6" stopColor="#3a2a3a" />
          <stop offset="1" stopColor="#5b4330" />
        </linearGradient>
        <radialGradient id="map-moon" cx="0.8" cy="0.2" r="0.25">
          <stop offset="0" stopColor="#fbe7b0" stopOpacity="0.9" />
          <stop offset="1" stopColor="#fbe7b0" stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width="400" height="220" fill="url(#map-sky)" />
      <rect width="400" height="220" fill="url(#map-moon)" />
      <circle cx="320" cy="44" r="14" fill="#f6e3b0" opacity="0.9" />
      <path d="M0 140 L50 90 L90 125 L140 70 L190 120 L240 80 L290 130 L340 85 L400 125 V220 H0Z" fill="#2a2433" />
      <path d="M0 165 L60 130 L120 155 L180 125 L240 160 L300 130 L360 150 L400 140 V220 H0Z" fill="#221d29" />
      <path d="M0 190 Q100 170 200 185 T400 180 V220 H0Z" fill="#1a1620" />
      <path d="M60 200 C120 160 180 200 200 170 S290 150 340 175" stroke="#d4a73a" strokeOpacity="0.55" strokeWidth="2" strokeDasharray="4 5" fill="none" />
      <g fill="#d4a73a">
        <circle cx="60" cy="200" r="5" />
        <circle cx="200" cy="170" r="5" />
        <circle cx="340" cy="175" r="5" />
      </g>
    </svg>
  );
}

export default function MapPage() {
  return (
    <div className="world-map">
      <header className="world-map__head">
        <MapArt />
        <div className="world-map__title">
          <h1>World Map</h1>
          <p>Choose where your heroes travel next.</p>
        </div>
      </header>
      <ul className="world-map__places">
        {DESTINATIONS.map((d) => (
          <li key={d.to}>
            {d.comingSoon ? (
              <div className={`place place--${d.theme} place--soon`} aria-disabled="true">
                <PlaceBody d={d} />
                <span className="place__soon">Coming Soon</span>
              </div>
            ) : (
              <Link to={d.to} className={`place place--${d.theme}`} data-destination={d.name}>
                <PlaceBody d={d} />
              </Link>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function PlaceBody({ d }: { d: Destination }) {
  return (
    <>
      <span className="place__emblem">
        <Icon name={d.icon} size={34} />
      </span>
      <span className="place__text">
        <span className="place__name">{d.name}</span>
        <span className="place__blurb">{d.blurb}</span>
      </span>
      <span className="place__go" aria-hidden="true">
        ›
      </span>
    </>
  );
}
