import Fastify, { type FastifyBaseLogger } from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Secrets } from './secrets.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { securityPlugin } from './plugins/security.ts';
import { guardsPlugin } from './plugins/guards.ts';
import { housekeepingPlugin } from './plugins/housekeeping.ts';
import { clientPlugin } from './plugins/client.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { curationRoutes } from './modules/curation/curation.routes.ts';
import { walletRoutes } from './modules/wallet/wallet.routes.ts';
import { libraryRoutes } from './modules/library/library.routes.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { episodesRoutes } from './modules/episodes/episodes.routes.ts';
import { mediaPipelinePlugin } from './modules/transcode/transcode.plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: Config;
    secrets: Secrets;
  }
}

export interface AppDependencies {
  config: Config;
  db: Database;
  secrets: Secrets;
  /** Built client to serve; omitted in API-only mode. */
  clientDir?: string;
  logger?: FastifyBaseLogger;
}

/** Composes plugins, then modules. Never listens: main.ts does, and tests use inject(). */
export async function buildApp(deps: AppDependencies) {
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    trustProxy: deps.config.trustProxy,
    bodyLimit: 256 * 1024,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('db', deps.db);
  app.decorate('config', deps.config);
  app.decorate('secrets', deps.secrets);

  await app.register(errorsPlugin);
  await app.register(cookie);
  await app.register(securityPlugin);
  await app.register(guardsPlugin);
  await app.register(mediaPipelinePlugin);
  await app.register(housekeepingPlugin);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(catalogueRoutes);
  await app.register(curationRoutes);
  await app.register(walletRoutes);
  await app.register(libraryRoutes);
  await app.register(mediaRoutes);
  await app.register(episodesRoutes);

  await app.register(clientPlugin, { clientDir: deps.clientDir });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
