// Vite's client types (CSS imports, import.meta.env) for the web client.
/// <reference types="vite/client" />

/** The address of the interface icons' sprite (vite.config.ts iconSprite). */
declare module 'virtual:icon-sprite' {
  const href: string;
  export default href;
}
