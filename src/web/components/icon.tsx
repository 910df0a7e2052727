// <Icon name="gold" />: an interface icon from game-icons.net (bodies in ./icon-bodies.ts), drawn in
// currentColor from the one sprite the build makes of them (vite.config.ts iconSprite), so no script carries the
// path data. Decorative unless `label` is given.
import sprite from 'virtual:icon-sprite';
import type { IconName } from './icon-bodies.ts';

export type { IconName };

export function Icon({
  name,
  size = 18,
  label,
  className,
}: {
  name: IconName;
  size?: number;
  label?: string;
  className?: string;
}) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      width={size}
      height={size}
      viewBox="0 0 512 512"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
