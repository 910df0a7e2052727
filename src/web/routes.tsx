// The route table. The landing page and the layout load with the entry; every other screen is a
// lazy chunk in pages/<name>/index.tsx (default export). Protected routes send logged-out visitors to /;
// a logged-in visit to / goes to /map (docs/design.md, "Both readings").
import { createBrowserRouter, redirect, type LoaderFunction, type RouteObject } from 'react-router';
import { AppLayout, RequireUser, RouteError, PageFallback } from './layout/app-layout.tsx';
import Landing from './pages/landing/index.tsx';
import { getStoredUser } from './session.ts';

type PageModule = { default: React.ComponentType };
const page =
  (load: () => Promise<PageModule>): RouteObject['lazy'] =>
  async () => ({ Component: (await load()).default });

const landingLoader: LoaderFunction = () => (getStoredUser() ? redirect('/map') : null);
const requireUserLoader: LoaderFunction = () => (getStoredUser() ? null : redirect('/'));

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
          { path: 'profile/credits', lazy: page(() => import('./pages/credits/index.tsx')) },
        ],
      },
      { path: '*', lazy: page(() => import('./pages/not-found/index.tsx')) },
    ],
  },
];

export const router = createBrowserRouter(routes);
