import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Placeholder: the media module is being built.
export const mediaRoutes: FastifyPluginAsyncZod = async () => {};
