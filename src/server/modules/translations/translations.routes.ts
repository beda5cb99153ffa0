import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorReply,
  saveSeriesTranslationBody,
  seriesIdParams,
  seriesLanguages,
  seriesTranslation,
  seriesTranslationParams,
} from '#contract/index.ts';
import { operatorRoute } from '../../plugins/guards.ts';
import { listSeriesLanguages, listTranslations, removeTranslation, saveTranslation } from './translations.service.ts';

/** The operators' side of translations; viewers read them through the catalogue's `?lang=`. */
export const translationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/series-languages',
    {
      config: operatorRoute('owner', 'editor', 'analyst'),
      schema: {
        summary: 'The languages series are translated into',
        operationId: 'listSeriesLanguages',
        tags: ['Translations'],
        response: { 200: seriesLanguages },
      },
    },
    () => listSeriesLanguages(app.db),
  );

  app.get(
    '/api/series/:id/translations',
    {
      config: operatorRoute('owner', 'editor', 'analyst'),
      schema: {
        summary: "A series' translations",
        operationId: 'listSeriesTranslations',
        tags: ['Translations'],
        params: seriesIdParams,
        response: { 200: z.array(seriesTranslation), 404: errorReply },
      },
    },
    (request) => listTranslations(app.db, request.params.id),
  );

  app.put(
    '/api/series/:id/translations/:language',
    {
      config: operatorRoute('owner', 'editor'),
      schema: {
        summary: 'Save a translation of a series',
        operationId: 'saveSeriesTranslation',
        tags: ['Translations'],
        params: seriesTranslationParams,
        body: saveSeriesTranslationBody,
        response: { 200: seriesTranslation, 400: errorReply, 404: errorReply },
      },
    },
    async (request) => {
      const existing = await listTranslations(app.db, request.params.id);
      const saved = await saveTranslation(app.db, request.params.id, request.params.language, request.body);
      const before = existing.find((translation) => translation.language === saved.language) ?? null;
      await app.audit(request, {
        action: 'translation.save',
        object: { type: 'series', id: request.params.id, label: `Translation ${saved.language}` },
        before,
        after: saved,
      });
      return saved;
    },
  );

  app.delete(
    '/api/series/:id/translations/:language',
    {
      config: operatorRoute('owner', 'editor'),
      schema: {
        summary: 'Delete a translation of a series',
        operationId: 'deleteSeriesTranslation',
        tags: ['Translations'],
        params: seriesTranslationParams,
        response: { 204: z.null(), 404: errorReply },
      },
    },
    async (request, reply) => {
      await removeTranslation(app.db, request.params.id, request.params.language);
      await app.audit(request, {
        action: 'translation.delete',
        object: { type: 'series', id: request.params.id, label: `Translation ${request.params.language}` },
      });
      return reply.status(204).send(null);
    },
  );
};
