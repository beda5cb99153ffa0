import type { FastifyInstance, FastifyRequest } from 'fastify';
import { carouselSlidesInOrder, posterOf } from '#contract/catalogue-display.ts';
import type { CarouselItem } from '#contract/curation.ts';
import type { PageData } from '#contract/page-data.ts';
import type { Series } from '#contract/series.ts';
import { answerAsViewer } from './viewer-answers.ts';

/**
 * The answers a viewer page reads first, as this visitor gets them. Null when the API turns the visitor
 * away (401, the access gate): the page then carries no catalogue and the app shows the gate first.
 * Any other failure (a 404 series) is left out, and the page asks for it itself and shows the reason.
 */
export async function gatherPageData(
  app: FastifyInstance,
  request: FastifyRequest,
  urls: string[],
): Promise<PageData | null> {
  const replies = await Promise.all(urls.map((url) => answerAsViewer(app, request, url)));
  if (replies.some((reply) => reply.status === 401)) return null;
  const answers: PageData['answers'] = {};
  replies.forEach((reply, index) => {
    if (reply.status === 200 && reply.body !== null) answers[urls[index]!] = reply.body;
  });
  return { answers };
}

/**
 * The image that is the page's largest paint, to fetch first: the home hero's first slide, a series'
 * poster.
 */
export function largestImageOf(answers: PageData['answers'], seriesUrl?: string): string | undefined {
  if (seriesUrl) {
    const series = answers[seriesUrl] as Series | undefined;
    return series ? posterOf(series) : undefined;
  }
  const carousel = Object.entries(answers).find(([url]) => url.split('?')[0] === '/api/carousel')?.[1] as
    CarouselItem[] | undefined;
  return carousel ? carouselSlidesInOrder(carousel)[0]?.series.thumbnailUrl : undefined;
}
