import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyPluginAsync } from 'fastify';

/**
 * The stylesheet, read once at start and served under a name that carries a hash of its content,
 * so it can be cached for a year: a changed stylesheet has a new name.
 */
const css = readFileSync(new URL('./assets/site.css', import.meta.url));
const hash = createHash('sha256').update(css).digest('hex').slice(0, 12);

export const STYLESHEET_PATH = `/assets/site.${hash}.css`;

/** The one script of the pages: "Copy" buttons, an extra (everything works without it). */
const copyScript = readFileSync(new URL('./assets/copy.js', import.meta.url));
export const COPY_SCRIPT_PATH = `/assets/copy.${createHash('sha256').update(copyScript).digest('hex').slice(0, 12)}.js`;

export const assetRoutes: FastifyPluginAsync = async (app) => {
  app.get(STYLESHEET_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('Cache-Control', 'public, max-age=31536000, immutable').header('X-Content-Type-Options', 'nosniff').send(css),
  );
  app.get(COPY_SCRIPT_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .send(copyScript),
  );
};
