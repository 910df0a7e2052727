// A closed padlock: a locked account (the landing list, the profile's Passkeys), drawn inline — the icon sprite
// holds the game's glyphs, and an emoji is not in every font.
export function LockMark({ size = 18 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" className="lock-mark">
      <path
        fill="currentColor"
        d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5m-3 5a3 3 0 1 1 6 0v3H9zm3 7a1.5 1.5 0 0 1 .75 2.8V19h-1.5v-2.2A1.5 1.5 0 0 1 12 14"
      />
    </svg>
  );
}
