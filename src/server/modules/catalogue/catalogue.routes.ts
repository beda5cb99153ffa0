import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Placeholder: the catalogue module is being built.
export const catalogueRoutes: FastifyPluginAsyncZod = async () => {};
