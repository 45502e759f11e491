import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { appRouteOf } from '@mathdaily/web/src/app/route-paths.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app (web/dist): its files, and the app shell (index.html) for every
 * client-side route. The build writes a .br and a .gz copy beside each text file; preCompressed
 * sends the one the browser's Accept-Encoding prefers (with Vary: Accept-Encoding), else the file.
 * Files under /assets/ have content hashes in their names, so browsers keep them for a year;
 * index.html names the current ones, so it is revalidated on every load.
 */
export async function registerStaticWeb(server: FastifyInstance, webDist: string): Promise<void> {
  const assets = path.join(path.resolve(webDist), 'assets') + path.sep;
  await server.register(async (scope) => {
    await scope.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The compressed copies are reached through Accept-Encoding, not by their own URLs.
      globIgnore: ['**/*.br', '**/*.gz'],
      // Cache-Control is ours alone (send's default would overwrite it), and every file may come
      // compressed, so caches must key on Accept-Encoding.
      cacheControl: false,
      setHeaders: (response, filePath) => {
        response.setHeader('vary', 'Accept-Encoding');
        if (filePath.startsWith(assets)) response.setHeader('cache-control', IMMUTABLE);
        else if (path.basename(filePath).startsWith('index.html')) response.setHeader('cache-control', 'no-cache');
      },
    });
    // Client-side routes all load the app shell; unknown /api paths keep their JSON 404, and a
    // missing build file is a 404 too (HTML served as a script only confuses the browser). Any
    // other path gets the shell with status 404: the app shows its 'Page not found' page, and
    // search engines and link checkers see the 404 (the web app's own route list decides).
    scope.get('/*', (request, reply) => {
      if (request.url.startsWith('/api/') || request.url.startsWith('/assets/')) return reply.callNotFound();
      if (appRouteOf(request.url.split('?')[0] ?? '/') === null) reply.code(404);
      return reply.sendFile('index.html');
    });
    scope.get('/', (_request, reply) => reply.sendFile('index.html'));
  });
}
