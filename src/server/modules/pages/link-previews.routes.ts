import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageOfTag } from '#contract/languages.ts';
import { positiveId } from '#contract/common.ts';
import { linkPreviewImageRoute, publicRoute } from '../../plugins/guards.ts';
import { createPreviewImages } from './link-preview-image.ts';
import { originOf, previewImageVersion, seriesInLanguage } from './link-preview.ts';

const NOT_FOUND = { statusCode: 404, error: 'Not Found', message: 'There is no such series.' };

/**
 * A shared link's picture (`/link-previews/series/{id}?lang=&v=`), open to link-preview bots as well as to
 * viewers past the gate; and what search engines read: robots.txt, and with ACCESS_GATE=off a sitemap.
 */
export const linkPreviewsRoutes = fp(
  async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const images = createPreviewImages(app);

    app.get(
      '/link-previews/series/:seriesId',
      {
        config: linkPreviewImageRoute,
        schema: {
          hide: true,
          params: z.object({ seriesId: positiveId }),
          querystring: z.object({
            lang: z
              .string()
              .refine((tag) => languageOfTag(tag) !== undefined, 'Unknown language')
              .default('en'),
            v: z.string().max(64).optional(),
          }),
        },
      },
      async (request, reply) => {
        const { seriesId } = request.params;
        const { lang, v } = request.query;
        const series = await seriesInLanguage(app, seriesId, lang);
        if (!series) return reply.status(404).send(NOT_FOUND);
        const version = previewImageVersion(series);
        const bytes = await images.of(series, lang);
        if (!bytes) return reply.status(404).send({ ...NOT_FOUND, message: 'No preview picture can be made here.' });
        // The address names its version: kept for a year. An old or missing version gets today's, briefly.
        const caching = v === version ? 'public, max-age=31536000, immutable' : 'public, max-age=300';
        return reply
          .header('Cache-Control', caching)
          .header('ETag', `"${version}"`)
          .header('Vary', 'Cookie, User-Agent')
          .type('image/jpeg')
          .send(bytes);
      },
    );

    app.get('/robots.txt', { config: publicRoute, schema: { hide: true } }, async (request, reply) => {
      reply.header('Cache-Control', 'public, max-age=3600').type('text/plain; charset=utf-8');
      if (app.accessGate.required) {
        // A private preview: nothing is for search engines. Link-preview bots that obey robots.txt (Twitterbot)
        // may still read what a shared link's preview shows.
        return [
          'User-agent: *',
          'Disallow: /',
          '',
          ...['Twitterbot', 'facebookexternalhit', 'LinkedInBot', 'Slackbot-LinkExpanding'].flatMap((bot) => [
            `User-agent: ${bot}`,
            'Allow: /series/',
            'Allow: /watch/',
            'Allow: /link-previews/',
            'Disallow: /',
            '',
          ]),
        ].join('\n');
      }
      const origin = originOf(app, request);
      return [
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /admin',
        '',
        `Sitemap: ${origin}/sitemap.xml`,
        '',
      ].join('\n');
    });

    app.get('/sitemap.xml', { config: publicRoute, schema: { hide: true } }, async (request, reply) => {
      if (app.accessGate.required) return reply.status(404).send({ ...NOT_FOUND, message: 'There is no sitemap.' });
      const origin = originOf(app, request);
      const { values } = await app.catalogueSnapshot.lists();
      const urls = values.series.map(
        (series) =>
          `<url><loc>${xml(`${origin}/series/${series.id}`)}</loc><lastmod>${new Date(series.createdAt).toISOString().slice(0, 10)}</lastmod></url>`,
      );
      return reply
        .header('Cache-Control', 'public, max-age=3600')
        .type('application/xml; charset=utf-8')
        .send(
          `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>\n`,
        );
    });
  },
  { name: 'link-previews' },
);

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
