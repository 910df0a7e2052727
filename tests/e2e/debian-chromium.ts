// How our browser runs start Debian's Chromium (/usr/bin/chromium, never `playwright install`): headless, no
// sandbox or GPU, and none of its background traffic. Used by playwright.config.ts and scripts/battle-frames.ts.
export const DEBIAN_CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
