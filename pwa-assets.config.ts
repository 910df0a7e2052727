// The app's icons, made from its sigil (public/sigil.svg) by @vite-pwa/assets-generator: `npm run icons` writes them
// to public/, and they are committed (a build never needs sharp). The maskable and Apple icons sit on the night
// background with the safe zone's padding, so a launcher's circle or squircle never cuts the rune.
import { defineConfig, minimal2023Preset } from '@vite-pwa/assets-generator/config';

const night = '#0f1117';

export default defineConfig({
  headLinkOptions: { preset: '2023' },
  preset: {
    ...minimal2023Preset,
    maskable: { sizes: [512], padding: 0.3, resizeOptions: { background: night } },
    apple: { sizes: [180], padding: 0.3, resizeOptions: { background: night } },
  },
  images: ['public/sigil.svg'],
});
