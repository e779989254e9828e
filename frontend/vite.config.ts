import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const API_ORIGIN = 'http://localhost:8080';

export default defineConfig(({ command }) => {
  // `vite build` is what the API serves in production, whatever NODE_ENV the shell has: a NODE_ENV of
  // test or development left there made it React's development build (a 631 KB entry chunk instead of
  // 389 KB, /login 239 KB instead of 180 KB when issue 27 measured it). Vite reads it from here.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    // Pinned so the build works the same from the repo root and from this folder.
    root: import.meta.dirname,
    plugins: [react()],
    // Each component's styles are a CSS Module next to it (`Button.module.css`), read as `styles.iconButton`.
    css: { modules: { localsConvention: 'camelCaseOnly' } },
    // The manifest (dist/.vite/manifest.json) names each chunk's module and imports: the first-load
    // budgets (scripts/test/first-load-budget.test.ts) are computed from it.
    build: { outDir: 'dist', emptyOutDir: true, manifest: true },
    server: {
      proxy: {
        '/api': API_ORIGIN,
        '/socket.io': { target: API_ORIGIN, ws: true },
      },
    },
  };
});
