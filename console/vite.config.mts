import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The console's bundle: served by the service under /console, so every asset path starts there. JSX goes
 * through Vite's own transform (oxc) with React's automatic runtime; no plugin needed.
 */
export default defineConfig({
  root,
  base: '/console/',
  logLevel: 'warn',
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The service's CSP allows no inline script: keep every module in its own file, no preload helper inlined.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    reportCompressedSize: false,
    rollupOptions: {
      // The form library's modules begin with React Server Components' "use client", which means nothing in a bundle
      // for the browser alone: not worth a warning on every build.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
});
