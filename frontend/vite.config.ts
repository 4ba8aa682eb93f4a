import { gzipAsync } from '@gfx/zopfli';
import { fileURLToPath } from 'node:url';
import type { InputType } from 'node:zlib';
import { defineConfig, loadEnv } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import react from '@vitejs/plugin-react';
import { ENV_PREFIXES, parseEnv } from './src/lib/env-schema.ts';

const zopfliGzip = async (input: InputType) =>
  Buffer.from(await gzipAsync(new Uint8Array(input as ArrayBuffer), { numiterations: 15 }));

// One .env for the whole repository, at its root, beside .env.example.
const envDir = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig(({ mode, isSsrBuild }) => {
  // Fail the build (or dev start) on a bad PUBLIC_URL or VIDEO_MAX_BYTES rather than in the browser;
  // the app receives the checked values (src/lib/env.ts).
  const appEnv = parseEnv(loadEnv(mode, envDir, ENV_PREFIXES));

  return {
    plugins: [
      react(),
      // Each script, style sheet and SVG also as .gz, compressed once here as hard as zopfli can
      // (some 3 % smaller than nginx's own gzip), which nginx sends as is (gzip_static). Pages are
      // left to nginx: the prerender step writes them after this.
      !isSsrBuild &&
        compression({
          include: /^assets\/.*\.(js|css|svg)$|\.svg$/,
          algorithms: [defineAlgorithm(zopfliGzip, {})],
          filename: '[path][base].gz',
        }),
    ],
    define: { __GIFTCAST_ENV__: JSON.stringify(appEnv) },
    envDir,
    envPrefix: ENV_PREFIXES,
    build: {
      // The web build, frontend/dist (the backend's WEB_ROOT), keeps apart what may be served as a
      // file from what only the server reads: client/ holds the public files alone (nginx's root),
      // server/ the server bundle, and scripts/prerender.mjs adds the page template and the
      // prerendered pages there.
      outDir: isSsrBuild ? 'dist/server' : 'dist/client',
      emptyOutDir: true,
      copyPublicDir: !isSsrBuild,
      // Every browser the site supports preloads modules itself.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        // Chakra's theme module builds its full default config (every component's recipe) with a
        // top-level defineConfig() call the bundler cannot prove pure; we build our own from the
        // recipes we use (src/app/theme.ts), so the unused ones can go.
        treeshake: { manualPureFunctions: ['defineConfig'] },
        output: {
          codeSplitting: {
            // React and the router change far less often than the app: chunks of their own stay
            // cached across deploys. Only modules every page uses belong here (admin-only
            // libraries must stay in the lazy admin chunk).
            groups: [
              { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
              { name: 'router', test: /[\\/]node_modules[\\/](react-router|react-router-dom)[\\/]/ },
              // Code that many pages share (components, styling, the site's texts) in one chunk rather
              // than in dozens of small ones: each file costs a request and its headers.
              // Vite's preloading of dynamic imports in a chunk of its own: the page's first script
              // (src/boot.ts) imports it alone, so nothing else is fetched before the first paint.
              { name: 'preload', test: /vite\/preload-helper/, priority: 1 },
              {
                name: 'shared',
                minShareCount: 6,
              },
              // Icons, a few hundred bytes each, together.
              {
                name: 'icons',
                minShareCount: 2,
                test: /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]|[\\/]components[\\/](icons|button[\\/]icon-button)\.js$/,
              },
            ],
          },
        },
      },
    },
    // The server bundle (dist/server) carries its libraries, so the backend can render the blog's
    // pages with it without the web app's node_modules.
    ssr: { noExternal: true },
    // `make dev` (scripts/dev.mjs): Vite's dev server passes the API on to the backend.
    server: {
      proxy: {
        '/api': process.env.DEV_API_URL ?? 'http://localhost:3000',
      },
    },
  };
});
