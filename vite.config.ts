import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    // dist/client/.vite/manifest.json: bench/bundle-size.mjs reads the entry chunk and its static imports.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry needs at start-up in one file rather than several shared chunks: gzip
          // then sees it as one stream (about 3 KB less for every visitor, issue 3's 200 KB budget);
          // screens stay lazy chunks of their own.
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/auth/v1': 'http://localhost:3000',
      '/rest/v1': 'http://localhost:3000',
    },
  },
});
