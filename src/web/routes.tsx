// The route table. The landing page and the layout load with the entry; every other screen is a
// lazy chunk in pages/<name>/index.tsx (default export). Protected routes send logged-out visitors to /;
// a logged-in visit to / goes to /map (docs/design.md, "Both readings"), or to `?next=` — where a challenge's
// link opened signed out (/duel/{id}) sends the visitor to sign in first.
import { createBrowserRouter, redirect, type LoaderFunction, type RouteObject } from 'react-router';
import { AppLayout, RequireUser, RouteError, PageFallback } from './layout/app-layout.tsx';
import Landing from './pages/landing/index.tsx';
import { getStoredUser, nextPath } from './session.ts';

type PageModule = { default: React.ComponentType };
const page =
  (load: () => Promise<PageModule>): RouteObject['lazy'] =>
  async () => ({ Component: (await load()).default });

const landingLoader: LoaderFunction = ({ request }) =>
  getStoredUser() ? redirect(nextPath(new URL(request.url).searchParams.get('next')) ?? '/map') : null;
const requireUserLoader: LoaderFunction = () => (getStoredUser() ? null : redirect('/'));
/** A challenge's link opened signed out: sign in first, then come back to it. */
const comeBackLoader: LoaderFunction = ({ request }) => {
  if (getStoredUser()) return null;
  const url = new URL(request.url);
  return redirect(`/?next=${encodeURIComponent(url.pathname + url.search)}`);
};

export const routes: RouteObject[] = [
  {
    Component: AppLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageFallback,
    children: [
      { index: true, loader: landingLoader, Component: Landing },
      { path: 'herocard', lazy: page(() => import('./pages/herocard/index.tsx')) },
      { path: 'replay/:battleId', lazy: page(() => import('./pages/replay/index.tsx')) },
      { path: 'fairness', lazy: page(() => import('./pages/fairness/index.tsx')) },
      // the operator's console: not in the navigation; it says itself who may use it
      { path: 'admin', lazy: page(() => import('./pages/admin/index.tsx')) },
      // a live match: its players play it, anyone else (signed in or not) watches
      { path: 'matches/:matchId', lazy: page(() => import('./pages/match/index.tsx')) },
      {
        loader: comeBackLoader,
        children: [{ path: 'duel/:challengeId', lazy: page(() => import('./pages/duel/index.tsx')) }],
      },
      {
        loader: requireUserLoader,
        Component: RequireUser,
        children: [
          { path: 'create', lazy: page(() => import('./pages/create/index.tsx')) },
          { path: 'heroes', lazy: page(() => import('./pages/heroes/index.tsx')) },
          { path: 'heroes/:heroId', lazy: page(() => import('./pages/hero-detail/index.tsx')) },
          { path: 'map', lazy: page(() => import('./pages/map/index.tsx')) },
          { path: 'daily', lazy: page(() => import('./pages/daily/index.tsx')) },
          { path: 'campaign', lazy: page(() => import('./pages/campaign/index.tsx')) },
          { path: 'battle', lazy: page(() => import('./pages/battle/index.tsx')) },
          { path: 'battle/:battleId', lazy: page(() => import('./pages/battle-view/index.tsx')) },
          { path: 'combat', lazy: page(() => import('./pages/combat/index.tsx')) },
          { path: 'arena', lazy: page(() => import('./pages/arena/index.tsx')) },
          { path: 'arena/leaderboard', lazy: page(() => import('./pages/leaderboard/index.tsx')) },
          { path: 'dungeons', lazy: page(() => import('./pages/dungeons/index.tsx')) },
          { path: 'dungeons/:dungeonId', lazy: page(() => import('./pages/dungeon-detail/index.tsx')) },
          { path: 'shop', lazy: page(() => import('./pages/shop/index.tsx')) },
          { path: 'inventory', lazy: page(() => import('./pages/inventory/index.tsx')) },
          { path: 'profile', lazy: page(() => import('./pages/profile/index.tsx')) },
          { path: 'live', lazy: page(() => import('./pages/live/index.tsx')) },
          { path: 'guilds', lazy: page(() => import('./pages/guilds/index.tsx')) },
          { path: 'guilds/:guildId', lazy: page(() => import('./pages/guild/index.tsx')) },
          { path: 'profile/credits', lazy: page(() => import('./pages/credits/index.tsx')) },
        ],
      },
      { path: '*', lazy: page(() => import('./pages/not-found/index.tsx')) },
    ],
  },
];

export const router = createBrowserRouter(routes);
