import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { linkPreviewPageHtml, previewTagsFor, type LinkPreview } from './link-preview.ts';
import { pageCaching, sendPage } from './page-reply.ts';

/**
 * Answers a link-preview bot the access gate would stop: the page's tags alone, or the plain index.html (the
 * gate) when there is nothing to preview. The same address gives people the gate, so caches keep it per agent.
 */
export function sendLinkPreviewPage(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  preview: LinkPreview | undefined,
  tag: string,
) {
  reply.header('Vary', 'User-Agent');
  if (!preview) return reply.header('Cache-Control', pageCaching(false)).type('text/html').sendFile('index.html');
  return sendPage(request, reply, linkPreviewPageHtml(preview, previewTagsFor(app, request, preview, tag), tag), false);
}
