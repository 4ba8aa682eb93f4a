import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv } from 'vite';
import { ENV_PREFIXES, parseEnv } from './src/lib/env-schema.ts';

// One .env for the whole repository, at its root, beside .env.example.
const envDir = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig(({ mode }) => {
  // Fail the build (or dev start) on a bad CONTACT_EMAIL / PUBLIC_URL rather than in the browser.
  parseEnv(loadEnv(mode, envDir, ENV_PREFIXES));

  return {
    plugins: [react()],
    envDir,
    envPrefix: ENV_PREFIXES,
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      rolldownOptions: {
        output: {
          codeSplitting: {
            // React and the router change far less often than the app: a chunk of their own stays
            // cached across deploys. Only modules every page uses belong here (admin-only
            // libraries must stay in the lazy admin chunk).
            groups: [
              {
                name: 'react',
                test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
              },
            ],
          },
        },
      },
    },
    server: {
      proxy: {
        '/api': 'http://localhost:3000',
      },
    },
  };
});
