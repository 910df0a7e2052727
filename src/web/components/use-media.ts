// useMediaQuery / usePhone: pick card sizes and layouts by viewport (phones get x-small cards in grids).
import { useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mql = window.matchMedia(query);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** True below 720 px, where the layout is one column and the nav sits at the bottom. */
export const usePhone = (): boolean => useMediaQuery('(max-width: 719px)');
