// Vite: builds the web client (src/web, entry index.html) into dist/, which the server serves.
// In development it proxies /api to the server (node --import tsx src/server/main.ts on port 3000).
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/bundle-size.ts reads the manifest to measure what the first screen loads.
    manifest: true,
    target: 'es2022',
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
