import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { MSG } from '../../common/core/messages';
import { HomePageCache, renderPublicHome } from '../services/matches/public-home';
import { encodedEtag, encodingFor, sendEncoded } from '../shared/compress';
import { matchesEtag } from '../shared/listing-cache';

/** Only these paths belong to the API; every other GET path is the SPA (history fallback). */
const API_PREFIXES = ['/api/', '/auth/v1/', '/rest/v1/'];

/**
 * The built SPA (docs/performance.md): hashed assets cached for a year, precompressed copies, the
 * history fallback to index.html, and `/` with the public list in its HTML. Without a client folder
 * (API-only tests) every unknown path is the API's Italian 404. Registered last by server/app.ts.
 */
export const spaPlugin = fp<{ clientDir?: string; clubName: string }>(
  async (app, { clientDir, clubName }) => {
    const indexHtml = !!clientDir && fs.existsSync(path.join(clientDir, 'index.html'));
    if (clientDir && indexHtml) {
      await app.register(fastifyStatic, {
        root: clientDir,
        wildcard: false,
        preCompressed: true,
        index: false,
        setHeaders(reply, filePath) {
          // Vite puts content-hashed files under assets/: they never change, so cache them for a year.
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            reply.header('cache-control', 'public, max-age=31536000, immutable');
          } else {
            reply.header('cache-control', 'no-cache');
          }
        },
      });
    }

    let indexTemplate: string | undefined;
    const homePages = new HomePageCache();
    app.setNotFoundHandler(async (request, reply) => {
      const isApi = API_PREFIXES.some((p) => request.url.startsWith(p)) || request.url === '/api';
      // A missing file (an old hashed chunk, /favicon.ico, /foo.png) is a 404, never the app's HTML:
      // a stale script must fail loudly and crawlers must not index the page under a file's name.
      const pathname = request.url.split('?')[0];
      const isFile = pathname.startsWith('/assets/') || /\/[^/]*\.[A-Za-z0-9]+$/.test(pathname);
      if (!isApi && !isFile && indexHtml && clientDir && (request.method === 'GET' || request.method === 'HEAD')) {
        reply.header('cache-control', 'no-cache');
        // / carries the public list in its HTML (docs/public-page.md); a failure falls back to the plain page.
        if (pathname === '/') {
          try {
            const listing = await app.publicListing();
            const template = (indexTemplate ??= fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8'));
            const page = homePages.page(listing, (producedAt) => renderPublicHome(template, listing, clubName, producedAt));
            // The same choice of encoding and copies as the cached listings (shared/compress.ts).
            const encoding = encodingFor(request, page.copies.bytes());
            const etag = encodedEtag(page.etag, encoding);
            reply.header('vary', 'accept-encoding').header('etag', etag);
            if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
            return await sendEncoded(reply.type('text/html; charset=utf-8'), page.copies, encoding);
          } catch (err) {
            request.log.warn({ err }, 'lista pubblica non inserita nella pagina');
          }
        }
        return reply.sendFile('index.html');
      }
      return reply.status(404).send({ error: MSG.http.notFound });
    });
  },
  { name: 'spa', fastify: '5.x', dependencies: ['public-listing'] },
);
