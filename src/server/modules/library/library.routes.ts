import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Placeholder: the library module is being built.
export const libraryRoutes: FastifyPluginAsyncZod = async () => {};
