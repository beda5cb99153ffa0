import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Placeholder: the wallet module is being built.
export const walletRoutes: FastifyPluginAsyncZod = async () => {};
