import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PAGE_RENDER_HEADER } from '../viewers/viewers.service.ts';
import { requestInProcess } from './in-process-request.ts';

export interface ViewerAnswer<T> {
  status: number;
  /** The JSON body of a 200 reply, else null. */
  body: T | null;
  text: string;
}

/**
 * GET (or HEAD) an API route as the visitor of `request` would: asked in process with their cookies, so the access
 * gate, the locks and the replies' shapes are exactly the API's, and no rule is written twice. A page never
 * gives a visitor their viewer (its answers' cookies go nowhere): the app asks for its account itself.
 */
export async function answerAsViewer<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  url: string,
  method: 'GET' | 'HEAD' = 'GET',
): Promise<ViewerAnswer<T>> {
  const reply = await requestInProcess(app, {
    method,
    url,
    headers: { ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}), [PAGE_RENDER_HEADER]: '1' },
    remoteAddress: request.ip,
  });
  const json = reply.headers['content-type']?.includes('application/json');
  return {
    status: reply.statusCode,
    body: json && reply.statusCode === 200 ? (JSON.parse(reply.body) as T) : null,
    text: reply.body,
  };
}
