// useInView: a result that lands below where the player looks (a campaign stage's quick battle, under its buttons and,
// on a phone, below the fold) is brought into view, and kept there while what lands with it settles — the page
// above it may grow a moment later (the campaign's idle income starts with a first clear) and push it back down —
// until the player scrolls, taps or types, or the page has been still for a while.
import { useEffect, type RefObject } from 'react';

/** How long the page may go on moving the result after it lands (ms); the player's own scroll ends it sooner. */
const SETTLE_MS = 1500;

/** Brings `ref`'s element into view when `key` changes (and on mount), and keeps it there while the page settles. */
export function useInView(ref: RefObject<HTMLElement | null>, key: unknown): void {
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const bring = () => el.scrollIntoView({ block: 'start' });
    bring();
    const moved = new ResizeObserver(bring);
    moved.observe(document.body);
    const events = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
    const stop = () => {
      moved.disconnect();
      window.clearTimeout(timer);
      for (const e of events) window.removeEventListener(e, stop);
    };
    for (const e of events) window.addEventListener(e, stop, { passive: true });
    const timer = window.setTimeout(stop, SETTLE_MS);
    return stop;
  }, [ref, key]);
}
