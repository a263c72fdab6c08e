import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built React app at / and answers unknown non-API GETs with index.html so client
 * routes survive a reload. API paths keep their JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const built = fs.existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      // Look files up per request, so a web build made while the server runs is served at once.
      wildcard: true,
      index: false,
      // The build writes .br and .gz copies (apps/web/vite.config.ts); browsers that accept them get those.
      preCompressed: true,
      cacheControl: false, // set below: forever for fingerprinted assets, revalidate otherwise
      setHeaders: (res, filePath) => {
        // Vite fingerprints everything under assets/, so those never change.
        const fingerprinted = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', fingerprinted ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  if (built) {
    // The root is a directory to the static plugin; it is the app's entry page to users.
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html'),
    );
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api');
    if (!wantsPage) {
      return reply.code(404).send({ detail: `No route ${request.method} ${pathname}.`, errors: [] });
    }
    if (!built) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build -w @tokendesk/web` (or `npm start`, which builds it).');
    }
    if (path.extname(pathname)) return reply.code(404).send({ detail: 'Not found.', errors: [] });
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html').sendFile('index.html');
  });
}
