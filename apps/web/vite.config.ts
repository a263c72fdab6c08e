import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// Resolved from this file so the build lands in apps/web/dist whatever the working directory.
const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Writes a .br and a .gz copy next to each text file of the build. The server sends them to browsers
 * that accept them (@fastify/static preCompressed), so nothing is compressed per request.
 */
function precompress(): Plugin {
  return {
    name: 'tokendesk-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? path.join(root, 'dist');
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(name)) continue;
        const file = path.join(dir, name);
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The server's CSP allows only same-origin scripts; keep the output free of inline code.
    modulePreload: { polyfill: false },
    sourcemap: false,
    rollupOptions: {
      output: {
        // React and zod change less often than the app: their own chunks stay cached across
        // deploys. The other libraries go with the code that uses them (no catch-all vendor chunk),
        // so the login page does not download the signed-in app's libraries.
        manualChunks(id) {
          // Configures zod; in zod's own chunk it runs before any module that builds a schema.
          if (/[\\/]src[\\/]lib[\\/]zod-config\.ts$/.test(id)) return 'zod';
          // The contract's texts for the sign-in page, which must not import zod. Named explicitly:
          // otherwise the bundler pulls them into the contract chunk below with account.ts.
          if (/[\\/]packages[\\/]contract[\\/]src[\\/]account[\\/]messages\.ts$/.test(id)) return 'account-messages';
          // The zod-free half of the endpoint contract (paths), which the request client on the
          // sign-in page uses (docs/decisions/0083); in the contract chunk it would pull zod in.
          if (/[\\/]packages[\\/]contract[\\/]src[\\/]routes\.ts$/.test(id)) return 'api-paths';
          // The contract's schemas, shared by registration, sign-in and the signed-in app.
          if (/[\\/]packages[\\/]contract[\\/]src[\\/]/.test(id)) return 'contract';
          // Loaded on demand by sign-in; left alone, the bundler would fold it into the entry chunk.
          if (/[\\/]features[\\/]auth[\\/]api[\\/]login-schema\.ts$/.test(id)) return 'contract';
          if (!id.includes('node_modules')) return undefined;
          if (/[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id)) return 'react';
          if (/[\\/]node_modules[\\/]zod[\\/]/.test(id)) return 'zod';
          // Only the pool detail draws a chart; it loads this chunk on demand.
          if (/[\\/]node_modules[\\/](lightweight-charts|fancy-canvas)[\\/]/.test(id)) return 'charts';
          return undefined;
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    // The API runs as its own process in development; in production the server serves this build.
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
});
