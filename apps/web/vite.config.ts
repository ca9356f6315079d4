import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const proxy = { '/api': 'http://localhost:3000' };

// `vite build --ssr src/entry-server.tsx --outDir dist-server` (npm run build) builds the server's copy
// of the app, which draws the public pages' first screen (apps/server/src/modules/site/first-screen.ts):
// no public files and no manifest of its own.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  server: { proxy },
  preview: { proxy },
  publicDir: isSsrBuild ? false : 'public',
  // The manifest tells the server which chunks each page loads, to name them in the page's HTML.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: !isSsrBuild,
    rolldownOptions: {
      // index.html for the pages the browser draws; drawn-page.ts, a page the server drew names it
      // instead and it loads the app once the page has shown (decision 050).
      ...(isSsrBuild ? {} : { input: { index: 'index.html', 'drawn-page': 'src/drawn-page.ts' } }),
      output: {
        codeSplitting: {
          // drawn-page.ts stands alone: it is all a drawn page asks for before it shows.
          groups: [{ name: 'app', tags: ['$initial'], test: (id) => !id.endsWith('/src/drawn-page.ts') }],
        },
      },
    },
  },
}));
