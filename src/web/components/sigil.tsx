// Runeborn's mark: the rune ᚱ (raidō) drawn as strokes, so it never depends on a font having runes.
export function Sigil({ size = 18, className }: { size?: number; className?: string }) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M11 4v24M11 4l9 6.5-9 6.5M11 17l10 11"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
