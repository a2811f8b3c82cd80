import { defineConfig } from 'vite';

// `npm run dev` serves the page with hot reload and passes /api to a running
// `lud serve` (LUD_API=http://127.0.0.1:PORT to point it elsewhere).
declare const process: { env: Record<string, string | undefined> };
const API = process.env.LUD_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  base: './',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The graph tab's Graphviz chunk (WebAssembly inlined) is large by
    // nature and loaded only when that tab opens.
    chunkSizeWarningLimit: 2000,
  },
  server: {
    proxy: {
      '/api': {
        target: API,
        changeOrigin: true,
        // lud serve takes only its own page's requests: to it, the page
        // served by Vite is its own.
        headers: { origin: API },
      },
    },
  },
});
