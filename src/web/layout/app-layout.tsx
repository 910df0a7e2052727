// The shared layout: sticky header (title → /, compact currencies, username) and the navigation
// Heroes / Map / Inventory / Guild / Profile (fixed at the bottom on phones, in the header on desktop). Also the guard
// for protected routes (which also signs out a locked account whose session is gone), the route error screen and the lazy-route fallback, and the scroll position: a new page
// opens at its top, Back restores where the player was (react-router's ScrollRestoration). The live socket is opened
// here for the signed-in player (api/live-socket.ts): a challenge made to them shows as a notice on any page, and the
// count of challenges waiting as a badge on Map (the way to /live). Styles in ./app-layout.css.
import {
  Link,
  Navigate,
  NavLink,
  Outlet,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useNavigation,
  useRouteError,
} from 'react-router';
import { useEffect, useRef } from 'react';
import { refreshUser } from '../api/hooks.ts';
import { useQueryClient } from '@tanstack/react-query';
import { whenLockedOut } from '../api/client.ts';
import { logout, useSession } from '../session.ts';
import { CurrencyBar } from '../components/currency-bar.tsx';
import { Icon, type IconName } from '../components/icon.tsx';
import { ButtonLink, Skeleton } from '../components/ui.tsx';
import { Sigil } from '../components/sigil.tsx';
import { LiveNotices } from '../components/live-notice.tsx';
import { useLiveSocket } from '../api/live-socket.ts';
import { useChallenges } from '../api/live-hooks.ts';
import './app-layout.css';

const NAV: { to: string; label: string; icon: IconName }[] = [
  { to: '/heroes', label: 'Heroes', icon: 'heroes' },
  { to: '/map', label: 'Map', icon: 'map' },
  { to: '/inventory', label: 'Inventory', icon: 'inventory' },
  { to: '/guilds', label: 'Guild', icon: 'guild' },
  { to: '/profile', label: 'Profile', icon: 'profile' },
];

/**
 * The header's balances are the server's: the stored user paints the first frame, then the user is read again
 * on every load and whenever the tab comes back into view (a change made elsewhere shows).
 */
function useFreshUser(userId: string | undefined) {
  useEffect(() => {
    if (!userId) return;
    void refreshUser(userId);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refreshUser(userId);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [userId]);
}

/**
 * After a navigation, focus goes to the new page's heading (or its main region while the page is still loading),
 * as a screen reader user expects: the new page is announced and Tab continues from its top. The first page load
 * keeps the browser's own focus.
 */
function useFocusOnNavigation() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const frame = requestAnimationFrame(() => {
      const main = document.getElementById('main');
      if (!main || main.contains(document.activeElement)) return; // the page placed focus itself
      const target = main.querySelector<HTMLElement>('h1') ?? main;
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}

export function AppLayout() {
  const user = useSession();
  const navigation = useNavigation();
  useFreshUser(user?.id);
  useFocusOnNavigation();
  const live = useLiveSocket(user?.id);
  // Challenges waiting for the player's answer: a badge on Map, the way to /live.
  const waiting = (useChallenges(user?.id).data?.incoming ?? []).filter((c) => c.status === 'open').length;
  return (
    <div className={`app${user ? ' app--signed-in' : ''}`} data-live={live}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="app-header">
        <div className="app-header__inner">
          <Link to="/" className="app-title" aria-label="Runeborn — home">
            <span className="app-title__rune" aria-hidden="true">
              <Sigil size={18} />
            </span>
            Runeborn
          </Link>
          {user && (
            <nav className="app-nav" aria-label="Main">
              {NAV.map((item) => (
                <NavLink key={item.to} to={item.to} className="app-nav__link">
                  <Icon name={item.icon} size={22} />
                  <span>{item.label}</span>
                  {item.to === '/map' && waiting > 0 && (
                    <>
                      <b className="nav-badge" data-testid="challenge-badge" aria-hidden="true">
                        {waiting}
                      </b>
                      <span className="visually-hidden">
                        , {waiting} {waiting === 1 ? 'challenge' : 'challenges'} waiting
                      </span>
                    </>
                  )}
                </NavLink>
              ))}
            </nav>
          )}
          {user && (
            <div className="app-header__player">
              <CurrencyBar user={user} />
              <Link
                to="/profile"
                className="app-header__user"
                title={`Signed in as ${user.username}`}
                data-testid="header-username"
              >
                {user.username}
              </Link>
            </div>
          )}
        </div>
        {navigation.state === 'loading' && (
          <div className="route-progress" role="progressbar" aria-label="Loading page" />
        )}
      </header>
      <main id="main" className="app-main">
        <Outlet />
      </main>
      {user && <LiveNotices userId={user.id} />}
      {/* A new page opens at its top (its title below the header); Back and Forward return to where the player was.
          Every first entry of a page load has the key 'default': those are told apart by their address, or a page
          loaded afresh would open where the last page loaded was left. */}
      <ScrollRestoration getKey={(l) => (l.key === 'default' ? `${l.pathname}${l.search}` : l.key)} />
    </div>
  );
}

/**
 * Protected routes: logged-out visitors go to /. A call answered 401 — the account is locked
 * and this browser's session of it is gone (expired, or 'sign out everywhere' on another device) — signs it out
 * too, so the landing page asks for the passkey again.
 */
export function RequireUser() {
  const user = useSession();
  const client = useQueryClient();
  useEffect(() => {
    whenLockedOut(() => {
      logout();
      client.clear();
    });
    return () => whenLockedOut(null);
  }, [client]);
  if (!user) return <Navigate to="/" replace />;
  return <Outlet />;
}

/** Shown while a lazy screen or the first loader resolves. */
export function PageFallback() {
  return (
    <div className="page-fallback" role="status" aria-label="Loading">
      <Skeleton height={32} width="40%" />
      <Skeleton height={120} />
      <Skeleton height={120} />
    </div>
  );
}

export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="app-main">
      <div className="empty-state panel">
        <strong>{notFound ? 'Page not found' : 'Something went wrong'}</strong>
        <p>
          {notFound
            ? 'This page does not exist.'
            : 'The page failed to load. Check your connection and try again.'}
        </p>
        <ButtonLink to="/">Back to Runeborn</ButtonLink>
      </div>
    </main>
  );
}
