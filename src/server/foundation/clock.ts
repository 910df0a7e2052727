// The server's one clock: every instant the game decides by — a day's reset, an expiry, idle income, a record's
// time — is read here, never from the database's now(). It follows the process's own time (so Debian's faketime
// moves a real server), and a test moves it by handing buildApp (AppOptions.clock) or setClock a source of its own.
// Monotonic timers (timeouts, cache ages) are not game time and keep using performance.now / Date.now.

/** Milliseconds since the epoch, as the game sees them. */
export type ClockSource = () => number;

let source: ClockSource = Date.now;

/** The game's current instant, in epoch milliseconds. */
export function nowMs(): number {
  return source();
}

/** The game's current instant, in whole epoch seconds (how records store time). */
export function nowSeconds(): number {
  return Math.floor(source() / 1000);
}

/** Sets the process's game clock (null: the process's own time again). Every app in the process shares it. */
export function setClock(clock: ClockSource | null): void {
  source = clock ?? Date.now;
}
