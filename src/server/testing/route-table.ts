import type { FastifyInstance } from 'fastify';

/** A registered route: its method and its path as Fastify writes it (`/api/series/:id`, `/media/*`). */
export interface RegisteredRoute {
  method: string;
  path: string;
}

/** Fastify's own route table, read from printRoutes' tree: every route the app registered, every method. */
export function routeTable(app: FastifyInstance): RegisteredRoute[] {
  const parents: string[] = [];
  const routes: RegisteredRoute[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = `${depth > 0 ? parents[depth - 1] : ''}${match[2]}`;
    parents[depth] = path;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) routes.push({ method, path });
  }
  return routes;
}
