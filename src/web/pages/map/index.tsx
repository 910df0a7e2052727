// /map — the world map: Arena, Shop and Dungeons over a painted overview, and above them the day
// (the reset's countdown, the login calendar, quests to claim: components/daily.tsx), the way to /daily.
// A destination can be flagged Coming Soon; none is. Below the three cards, the way into a team battle
// (/battle, in the dusk forest of random battles) — a screen that no card leads to — and the way to
// /fairness, and the way to live play (/live, with the count of challenges waiting). The Arena card, and the Dungeons card while no dungeon is open, say which campaign stage opens them
// (issue 30: components/unlock-order.tsx); neither is refused meanwhile.
import { Link } from 'react-router';
import { TEAM_MAX } from '../../../api/rules.ts';
import { sceneUrl } from '../../components/battle-scene.ts';
import { Icon, type IconName } from '../../components/icon.tsx';
import { DailyStrip } from '../../components/daily.tsx';
import { useSignedInUser } from '../../session.ts';
import { useCampaign } from '../../api/hooks.ts';
import { useChallenges } from '../../api/live-hooks.ts';
import { IdleIncome } from '../../components/idle-income.tsx';
import {
  firstDungeonOpensWith,
  opensWith,
  OpensWithBadge,
  useUnlocks,
} from '../../components/unlock-order.tsx';
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
  {
    to: '/dungeons',
    name: 'Dungeons',
    blurb: 'Explore dangerous dungeons for rare rewards',
    icon: 'dungeons',
    theme: 'dungeons',
  },
];

function MapArt() {
  // A painted overview: dusk sky and moon, three mountain ridges, a dashed road linking the arena (ochre
  // banners), the shop (lantern) and the dungeon gate (violet rift). Decorative; the cards below are the links.
  return (
    <svg
      className="world-map__art"
      viewBox="0 0 800 260"
      preserveAspectRatio="xMidYMax slice"
      aria-hidden="true"
    >
      <defs>
        <linearGradient id="map-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#171329" />
          <stop offset="0.55" stopColor="#3a2a3a" />
          <stop offset="1" stopColor="#6a4a2e" />
        </linearGradient>
        <radialGradient id="map-glow" cx="0.78" cy="0.18" r="0.3">
          <stop offset="0" stopColor="#fbe7b0" stopOpacity="0.5" />
          <stop offset="1" stopColor="#fbe7b0" stopOpacity="0" />
        </radialGradient>
        <radialGradient id="map-rift" cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#c08cff" stopOpacity="0.9" />
          <stop offset="1" stopColor="#5b2a9a" stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width="800" height="260" fill="url(#map-sky)" />
      <rect width="800" height="260" fill="url(#map-glow)" />
      <circle cx="625" cy="48" r="16" fill="#f6e3b0" />
      <g fill="#f6e3b0" opacity="0.7">
        <circle cx="90" cy="30" r="1.2" />
        <circle cx="210" cy="55" r="1" />
        <circle cx="330" cy="22" r="1.4" />
        <circle cx="470" cy="40" r="1" />
        <circle cx="720" cy="80" r="1.2" />
      </g>
      <path
        d="M0 150 L70 95 L120 130 L190 70 L260 125 L330 85 L400 135 L470 80 L540 128 L610 90 L680 132 L740 100 L800 120 V260 H0Z"
        fill="#2b2436"
      />
      <path
        d="M0 185 L80 150 L160 175 L240 140 L330 178 L420 150 L500 180 L590 148 L680 176 L800 150 V260 H0Z"
        fill="#221d2b"
      />
      <path d="M0 215 Q200 190 400 208 T800 200 V260 H0Z" fill="#1a1621" />
      <path
        d="M140 228 C240 180 320 235 400 205 S560 175 660 212"
        stroke="#d4a73a"
        strokeOpacity="0.7"
        strokeWidth="3"
        strokeDasharray="7 8"
        fill="none"
      />
      {/* Arena: a ring of sand under banners */}
      <g transform="translate(140 228)">
        <ellipse rx="34" ry="11" fill="#c4863a" />
        <ellipse rx="24" ry="6" fill="#e0b878" />
        <path
          d="M-30 -2 V-34 L-18 -29 L-30 -24 M30 -2 V-34 L18 -29 L30 -24"
          stroke="#e5484d"
          strokeWidth="3"
          fill="none"
        />
      </g>
      {/* Shop: a hut with a lantern */}
      <g transform="translate(400 205)">
        <path d="M-22 0 V-22 L0 -38 L22 -22 V0Z" fill="#4a3a2a" />
        <rect x="-7" y="-14" width="14" height="14" fill="#f2c14e" />
        <circle cx="26" cy="-20" r="4" fill="#ffd27a" />
      </g>
      {/* Dungeon gate with a violet rift */}
      <g transform="translate(660 212)">
        <circle cy="-18" r="30" fill="url(#map-rift)" />
        <path d="M-20 0 V-24 A20 20 0 0 1 20 -24 V0Z" fill="#151020" stroke="#7a5ab0" strokeWidth="3" />
      </g>
    </svg>
  );
}

export default function MapPage() {
  const user = useSignedInUser();
  const unlocks = useUnlocks(user.id);
  const opens = (d: Destination): string | null =>
    d.to === '/arena'
      ? opensWith(unlocks, null)
      : d.to === '/dungeons'
        ? firstDungeonOpensWith(unlocks)
        : null;
  return (
    <div className="world-map">
      <header className="world-map__head">
        <MapArt />
        <div className="world-map__title">
          <h1>World Map</h1>
          <p>Choose where your heroes travel next.</p>
        </div>
      </header>
      <DailyStrip userId={user.id} />
      <CampaignEntry userId={user.id} />
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
                <PlaceBody d={d} opens={opens(d)} />
              </Link>
            )}
          </li>
        ))}
      </ul>
      <Link
        to="/battle"
        className="team-battle-entry"
        data-testid="team-battle-entry"
        style={{ '--scene': `url("${sceneUrl('forest')}")` } as React.CSSProperties}
      >
        <span className="place__emblem">
          <Icon name="atk" size={30} />
        </span>
        <span className="place__text">
          <span className="place__name">Team Battle</span>
          <span className="place__blurb">
            Lead up to {TEAM_MAX} heroes against a warband in the dusk forest
          </span>
        </span>
        <span className="place__go" aria-hidden="true">
          ›
        </span>
      </Link>
      <LiveEntry userId={user.id} />
      <Link to="/fairness" className="map-fairness" data-testid="fairness-link">
        <Icon name="fair_match" size={22} />
        <span className="map-fairness__text">
          <strong>Fairness</strong>
          <span className="muted"> · the stated odds, checked against every fight and summon</span>
        </span>
        <span className="map-fairness__go" aria-hidden="true">
          ›
        </span>
      </Link>
    </div>
  );
}

/** The way to live play (/live): matches against other players, and how many challenges wait for an answer. */
function LiveEntry({ userId }: { userId: string }) {
  const waiting = (useChallenges(userId).data?.incoming ?? []).filter((c) => c.status === 'open').length;
  return (
    <Link
      to="/live"
      className="team-battle-entry live-entry"
      data-testid="live-entry"
      style={{ '--scene': `url("${sceneUrl('arena')}")` } as React.CSSProperties}
    >
      <span className="place__emblem">
        <Icon name="arena" size={30} />
      </span>
      <span className="place__text">
        <span className="place__name">Live Play</span>
        <span className="place__blurb">
          {waiting > 0
            ? `${waiting} ${waiting === 1 ? 'challenge waits' : 'challenges wait'} for your answer`
            : 'Challenge another player: both of you choose each turn at once'}
        </span>
      </span>
      <span className="place__go" aria-hidden="true">
        ›
      </span>
    </Link>
  );
}

/** The campaign's way in — the next stage, its chapter's scene — and idle income filling beneath it. */
function CampaignEntry({ userId }: { userId: string }) {
  const campaign = useCampaign(userId);
  const data = campaign.data;
  const stages = data?.chapters.flatMap((c) => c.stages) ?? [];
  const next = stages.find((s) => s.id === data?.next_stage_id) ?? null;
  const chapter = data?.chapters.find((c) => c.id === (next?.chapter ?? 6));
  return (
    <>
      <Link
        to="/campaign"
        className="team-battle-entry campaign-entry"
        data-testid="campaign-entry"
        style={{ '--scene': `url("${chapter?.scene_url ?? sceneUrl('forest')}")` } as React.CSSProperties}
      >
        <span className="place__emblem">
          <Icon name="map" size={30} />
        </span>
        <span className="place__text">
          <span className="place__name">Campaign</span>
          <span className="place__blurb">
            {!data
              ? 'Twelve chapters of the long climb'
              : next
                ? `Chapter ${next.chapter}, ${chapter?.name ?? ''} · next: ${next.id} ${next.name}`
                : 'Every stage cleared: the sky is closed'}
          </span>
        </span>
        <span className="place__go" aria-hidden="true">
          ›
        </span>
      </Link>
      {data && <IdleIncome idle={data.idle} userId={userId} readAt={campaign.dataUpdatedAt} />}
    </>
  );
}

function PlaceBody({ d, opens = null }: { d: Destination; opens?: string | null }) {
  return (
    <>
      <span className="place__emblem">
        <Icon name={d.icon} size={34} />
      </span>
      <span className="place__text">
        <span className="place__name">{d.name}</span>
        <span className="place__blurb">{d.blurb}</span>
        {opens && <OpensWithBadge stageId={opens} />}
      </span>
      <span className="place__go" aria-hidden="true">
        ›
      </span>
    </>
  );
}
