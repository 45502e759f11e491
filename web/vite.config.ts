import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

export default defineConfig({
  plugins: [
    react(),
    // Brotli and gzip copies beside each text asset (and KaTeX's .ttf fonts), served by the
    // launcher with @fastify/static's preCompressed: no compression work per request. Source maps
    // are left out: only developer tools fetch them. A copy no smaller than its file is skipped.
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(html|css|js|mjs|json|svg|ttf|txt)$/, logLevel: 'silent' }),
  ],
  server: { proxy: { '/api': { target: 'http://localhost:3000', ws: true } } },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1500 },
});
