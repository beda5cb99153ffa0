import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Placeholder: the curation module is being built.
export const curationRoutes: FastifyPluginAsyncZod = async () => {};
