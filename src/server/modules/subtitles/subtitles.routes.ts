import path from 'node:path';
import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SUBTITLE_FILES_MAX,
  episodeIdParams,
  errorReply,
  seriesIdParams,
  subtitleBatchQuery,
  subtitleBatchReply,
  subtitleCues,
  subtitleCuesQuery,
  subtitleTrack,
  subtitleTrackParams,
  subtitleUploadFields,
} from '#contract/index.ts';
import type { Database } from '../../db/client.ts';
import { invalid } from '../../errors.ts';
import { operatorRoute } from '../../plugins/guards.ts';
import {
  listSubtitleTracks,
  removeSubtitleTrack,
  saveSubtitleBatch,
  saveSubtitleTrack,
  subtitleCuesOf,
} from './subtitles.service.ts';
import { receiveSubtitleFiles } from './subtitles.upload.ts';

const errors = { 400: errorReply, 401: errorReply, 404: errorReply, 409: errorReply, 413: errorReply };
const trackParams = episodeIdParams.extend(subtitleTrackParams.shape);

function uploadFields(fields: Record<string, string>) {
  const parsed = subtitleUploadFields.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalid(issue.message, issue.path.join('.') || undefined);
  }
  return parsed.data;
}

/**
 * The 404s of an unknown episode or series come from the episodes module, which sits above this one (its
 * episodes carry their subtitles): app.ts passes its checks in.
 */
export interface SubtitlesRoutesOptions {
  requireEpisode(db: Database, episodeId: number): Promise<unknown>;
  requireSeries(db: Database, seriesId: number): Promise<void>;
}

const operatorRoutes: FastifyPluginAsyncZod<SubtitlesRoutesOptions> = async (
  app,
  { requireEpisode, requireSeries },
) => {
  await app.register(multipart, {
    limits: { files: SUBTITLE_FILES_MAX, fields: 10, fieldSize: 1000, parts: SUBTITLE_FILES_MAX + 10 },
  });
  const ctx = {
    db: app.db,
    storage: app.mediaPipeline.storage,
    workRoot: path.join(app.config.dataDir, 'work'),
  };

  app.get(
    '/api/episodes/:episodeId/subtitles',
    {
      config: operatorRoute('owner', 'editor', 'analyst'),
      schema: {
        summary: "An episode's subtitle tracks",
        operationId: 'listSubtitleTracks',
        tags: ['Subtitles'],
        params: episodeIdParams,
        response: { 200: z.array(subtitleTrack), ...errors },
      },
    },
    async (request) => {
      await requireEpisode(app.db, request.params.episodeId);
      return listSubtitleTracks(app.db, request.params.episodeId);
    },
  );

  app.put(
    '/api/episodes/:episodeId/subtitles/:language',
    {
      config: operatorRoute('owner', 'editor'),
      schema: {
        summary: 'Upload a subtitle track (SRT or WebVTT)',
        operationId: 'saveSubtitleTrack',
        tags: ['Subtitles'],
        consumes: ['multipart/form-data'],
        params: trackParams,
        response: { 200: subtitleTrack, ...errors },
      },
    },
    async (request) => {
      await requireEpisode(app.db, request.params.episodeId);
      const { files, fields } = await receiveSubtitleFiles(request, 1);
      const { kind, label } = uploadFields(fields);
      const track = await saveSubtitleTrack(ctx, request.params.episodeId, {
        language: request.params.language,
        kind,
        label,
        content: files[0]!.content,
      });
      await app.audit(request, {
        action: 'subtitle.save',
        object: { type: 'episode', id: track.episodeId, label: `Subtitles ${track.language}` },
        after: { language: track.language, kind: track.kind, label: track.label, cues: track.cueCount },
      });
      return track;
    },
  );

  app.get(
    '/api/episodes/:episodeId/subtitles/:language/cues',
    {
      config: operatorRoute('owner', 'editor', 'analyst'),
      schema: {
        summary: 'The first cues of a subtitle track',
        operationId: 'listSubtitleCues',
        tags: ['Subtitles'],
        params: trackParams,
        querystring: subtitleCuesQuery,
        response: { 200: subtitleCues, ...errors },
      },
    },
    (request) => subtitleCuesOf(ctx, request.params.episodeId, request.params.language, request.query.limit),
  );

  app.delete(
    '/api/episodes/:episodeId/subtitles/:language',
    {
      config: operatorRoute('owner', 'editor'),
      schema: {
        summary: 'Delete a subtitle track',
        operationId: 'deleteSubtitleTrack',
        tags: ['Subtitles'],
        params: trackParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeSubtitleTrack(ctx, request.params.episodeId, request.params.language);
      await app.audit(request, {
        action: 'subtitle.delete',
        object: { type: 'episode', id: request.params.episodeId, label: `Subtitles ${request.params.language}` },
        before: { language: request.params.language },
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/series/:id/subtitles',
    {
      config: operatorRoute('owner', 'editor'),
      schema: {
        summary: "Upload subtitle files for a series' episodes, matched by name",
        operationId: 'uploadSeriesSubtitles',
        tags: ['Subtitles'],
        consumes: ['multipart/form-data'],
        params: seriesIdParams,
        querystring: subtitleBatchQuery,
        response: { 200: subtitleBatchReply, ...errors },
      },
    },
    async (request) => {
      await requireSeries(app.db, request.params.id);
      const { files, fields } = await receiveSubtitleFiles(request, SUBTITLE_FILES_MAX);
      const { kind } = uploadFields(fields);
      const batch = await saveSubtitleBatch(ctx, request.params.id, files, { kind, dryRun: request.query.dryRun });
      if (batch.saved) {
        await app.audit(request, {
          action: 'subtitle.batch',
          object: { type: 'series', id: request.params.id },
          after: { files: batch.files.length },
        });
      }
      return batch;
    },
  );
};

/** Operators' subtitle tracks (files under the episode's media folder, see subtitles.service.ts). */
export const subtitlesRoutes = fp(
  async (app, options: SubtitlesRoutesOptions) => {
    await app.register(operatorRoutes, options);
  },
  { name: 'subtitles', dependencies: ['media-pipeline'] },
);
