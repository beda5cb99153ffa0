import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminEpisode,
  episodeIdParams,
  episodePlayback as episodePlaybackReply,
  errorReply,
  seriesIdParams,
  updateEpisodeBody,
  uploadEpisodeFields,
  videoProcessingStatus as videoProcessingStatusReply,
  type AdminEpisode,
} from '#contract/index.ts';
import { invalid } from '../../errors.ts';
import { removeQuietly, seriesUploadsDir } from '../transcode/transcode.service.ts';
import {
  addUploadedEpisode,
  editEpisode,
  episodePlayback,
  getEpisodeForOperator,
  listEpisodesForOperator,
  removeEpisode,
  replaceEpisodeVideo,
  retryTranscode,
  requireEpisode,
  requireSeries,
  requireVideoProcessing,
  videoProcessingStatus,
} from './episodes.service.ts';
import { receiveUpload } from './episodes.upload.ts';
import { isOperator, operatorRoute, viewerRoute } from '../../plugins/guards.ts';
import { mediaTokenSecret } from '../../media/media-token.ts';

const errors = { 400: errorReply, 401: errorReply, 404: errorReply, 409: errorReply, 413: errorReply, 503: errorReply };

const episodeObject = (e: AdminEpisode) => ({
  type: 'episode',
  id: e.id,
  label: `Series ${e.seriesId}, episode ${e.episodeNumber}: ${e.title}`,
});
/** What the audit log compares of an episode: what operators edit. */
const auditedEpisode = (e: AdminEpisode) => ({ seriesId: e.seriesId, episodeNumber: e.episodeNumber, title: e.title });

const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only this scope parses multipart bodies; everything else stays JSON-only.
  await app.register(multipart, { limits: { files: 1, fields: 10, fieldSize: 1000, parts: 12 } });
  const ctx = { db: app.db, media: app.mediaPipeline };
  const maxBytes = app.config.maxUploadBytes;
  const uploadsOf = (seriesId: number) => seriesUploadsDir(app.mediaPipeline.uploadsRoot, seriesId);

  app.get(
    '/api/admin/video-processing',
    {
      config: operatorRoute('owner', 'editor', 'analyst'),
      schema: {
        summary: 'Whether this server can process uploaded videos',
        operationId: 'getVideoProcessingStatus',
        tags: ['Episodes'],
        response: { 200: videoProcessingStatusReply, ...errors },
      },
    },
    () => videoProcessingStatus(),
  );

  app.get(
    '/api/series/:id/episodes/admin',
    {
      config: operatorRoute('owner', 'editor', 'analyst'),
      schema: {
        summary: "A series' episodes with their processing state",
        operationId: 'listSeriesEpisodesForOperator',
        tags: ['Episodes'],
        params: seriesIdParams,
        response: { 200: z.array(adminEpisode), ...errors },
      },
    },
    (request) => listEpisodesForOperator(app.db, request.params.id),
  );

  app.get(
    '/api/episodes/:episodeId/admin',
    {
      config: operatorRoute('owner', 'editor', 'analyst'),
      schema: {
        summary: 'One episode with its processing state',
        operationId: 'getEpisodeForOperator',
        tags: ['Episodes'],
        params: episodeIdParams,
        response: { 200: adminEpisode, ...errors },
      },
    },
    (request) => getEpisodeForOperator(app.db, request.params.episodeId),
  );

  app.post(
    '/api/series/:id/episodes',
    {
      config: operatorRoute('owner', 'editor'),
      schema: {
        summary: 'Upload a new episode',
        operationId: 'uploadEpisode',
        tags: ['Episodes'],
        consumes: ['multipart/form-data'],
        params: seriesIdParams,
        response: { 201: adminEpisode, ...errors },
      },
    },
    async (request, reply) => {
      const seriesId = request.params.id;
      await requireSeries(app.db, seriesId);
      await requireVideoProcessing();
      const upload = await receiveUpload(request, uploadsOf(seriesId), maxBytes);
      try {
        const fields = uploadEpisodeFields.safeParse(upload.fields);
        if (!fields.success) {
          const issue = fields.error.issues[0]!;
          throw invalid(issue.message, issue.path.join('.') || undefined);
        }
        const created = await addUploadedEpisode(ctx, seriesId, fields.data, upload.path);
        await app.audit(request, {
          action: 'episode.create',
          object: episodeObject(created),
          after: auditedEpisode(created),
        });
        return reply.status(201).send(created);
      } catch (error) {
        await removeQuietly(upload.path);
        throw error;
      }
    },
  );

  app.put(
    '/api/episodes/:episodeId/video',
    {
      config: operatorRoute('owner', 'editor'),
      schema: {
        summary: "Replace an episode's video",
        operationId: 'replaceEpisodeVideo',
        tags: ['Episodes'],
        consumes: ['multipart/form-data'],
        params: episodeIdParams,
        response: { 202: adminEpisode, ...errors },
      },
    },
    async (request, reply) => {
      const episode = await requireEpisode(app.db, request.params.episodeId);
      await requireVideoProcessing();
      const upload = await receiveUpload(request, uploadsOf(episode.seriesId), maxBytes);
      try {
        const replaced = await replaceEpisodeVideo(ctx, episode.id, upload.path);
        await app.audit(request, { action: 'episode.replace_video', object: episodeObject(replaced) });
        return reply.status(202).send(replaced);
      } catch (error) {
        await removeQuietly(upload.path);
        throw error;
      }
    },
  );

  app.post(
    '/api/episodes/:episodeId/retry-transcode',
    {
      config: operatorRoute('owner', 'editor'),
      schema: {
        summary: "Transcode an episode's video again",
        operationId: 'retryEpisodeTranscode',
        tags: ['Episodes'],
        params: episodeIdParams,
        response: { 202: adminEpisode, ...errors },
      },
    },
    async (request, reply) => {
      const retried = await retryTranscode(ctx, request.params.episodeId);
      await app.audit(request, { action: 'episode.retry_transcode', object: episodeObject(retried) });
      return reply.status(202).send(retried);
    },
  );

  app.put(
    '/api/episodes/:episodeId',
    {
      config: operatorRoute('owner', 'editor'),
      schema: {
        summary: 'Edit an episode',
        operationId: 'updateEpisode',
        tags: ['Episodes'],
        params: episodeIdParams,
        body: updateEpisodeBody,
        response: { 200: adminEpisode, ...errors },
      },
    },
    async (request) => {
      const before = await getEpisodeForOperator(app.db, request.params.episodeId);
      const after = await editEpisode(app.db, request.params.episodeId, request.body);
      await app.audit(request, {
        action: 'episode.update',
        object: episodeObject(after),
        before: auditedEpisode(before),
        after: auditedEpisode(after),
      });
      return after;
    },
  );

  app.delete(
    '/api/episodes/:episodeId',
    {
      config: operatorRoute('owner', 'editor'),
      schema: {
        summary: 'Delete an episode',
        operationId: 'deleteEpisode',
        tags: ['Episodes'],
        params: episodeIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const before = await getEpisodeForOperator(app.db, request.params.episodeId);
      await removeEpisode(ctx, request.params.episodeId);
      await app.audit(request, {
        action: 'episode.delete',
        object: episodeObject(before),
        before: auditedEpisode(before),
      });
      return reply.status(204).send(null);
    },
  );
};

/**
 * Operator episode management on the media pipeline (`app.mediaPipeline`, registered by app.ts);
 * the routes keep multipart parsing to themselves.
 */
const viewerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/episodes/:episodeId/playback',
    {
      config: viewerRoute,
      schema: {
        summary: "Where the player fetches an episode's video (a short-lived token for episodes that can be locked)",
        operationId: 'getEpisodePlayback',
        tags: ['Episodes'],
        params: episodeIdParams,
        response: { 200: episodePlaybackReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply },
      },
    },
    async (request, reply) => {
      const ctx = {
        db: app.db,
        addresses: app.mediaAddresses,
        tokens: { secret: mediaTokenSecret(app.accessGate.signingKey), lifetimeMs: app.config.mediaTokenMs },
      };
      // Nobody has unlocked anything for a visitor without a viewer: the empty id owns no unlock.
      const playback = await episodePlayback(
        ctx,
        (await app.viewers.idOf(request)) ?? '',
        request.params.episodeId,
        () => isOperator(app, request),
      );
      // Each opening asks anew: a revoked pass or a deleted episode gets no new token.
      return reply.header('Cache-Control', 'private, no-store').send(playback);
    },
  );
};

export const episodesRoutes = fp(
  async (app) => {
    await app.register(operatorRoutes);
    await app.register(viewerRoutes);
  },
  { name: 'episodes', dependencies: ['media-pipeline'] },
);
