import { defineConfig } from 'astro/config';
import react from '@astrojs/react';

// SITE_URL is read here directly because Astro loads this file before src/ exists for it.
export default defineConfig({
  site: process.env.SITE_URL || 'http://localhost:8888',
  integrations: [react()],
  vite: {
    server: {
      // `npm run dev`: forms post to the real functions served by scripts/serve.ts.
      proxy: { '/api': `http://localhost:${process.env.FUNCTIONS_PORT ?? 8888}` },
    },
  },
});
