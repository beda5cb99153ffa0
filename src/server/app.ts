import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createChangeFeed, type ChangeFeed } from './db/change-feed.ts';
import { isDatabaseUnavailable, unavailableReason, type DatabaseAvailability } from './db/availability.ts';
import type { Secrets } from './secrets.ts';
import { errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { jsonBodyPlugin } from './plugins/json-body.ts';
import { requestLogPlugin } from './plugins/request-log.ts';
import { availabilityPlugin } from './plugins/availability.ts';
import { securityPlugin } from './plugins/security.ts';
import { guardsPlugin } from './plugins/guards.ts';
import { housekeepingPlugin } from './plugins/housekeeping.ts';
import { mediaAddressesPlugin } from './plugins/media-addresses.ts';
import { builtClient, clientPlugin } from './plugins/client.ts';
import { apiReferencePlugin } from './plugins/api-reference.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { operatorOfSession } from './modules/auth/auth.service.ts';
import { accessRoutes } from './modules/access/access.routes.ts';
import { accessGatePlugin } from './modules/access/access.plugin.ts';
import { linkPreviewsRoutes } from './modules/pages/link-previews.routes.ts';
import { viewersPlugin } from './modules/viewers/viewers.plugin.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { catalogueSnapshotRoutes } from './modules/catalogue-snapshot/catalogue-snapshot.routes.ts';
import { curationRoutes } from './modules/curation/curation.routes.ts';
import { walletRoutes } from './modules/wallet/wallet.routes.ts';
import { autoUnlockRoutes } from './modules/wallet/auto-unlock.routes.ts';
import { passesRoutes } from './modules/passes/passes.routes.ts';
import { libraryRoutes } from './modules/library/library.routes.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { isDemoClipBeingMade } from './demo/demo-clip-generator.ts';
import { isDemoMediaOnItsWay } from './demo/demo-media-bucket.ts';
import { episodesRoutes } from './modules/episodes/episodes.routes.ts';
import { insightsRoutes } from './modules/insights/insights.routes.ts';
import { translationsRoutes } from './modules/translations/translations.routes.ts';
import { mediaPipelinePlugin } from './modules/transcode/transcode.plugin.ts';
import { subtitlesRoutes } from './modules/subtitles/subtitles.routes.ts';
import { requireEpisode, requireSeries } from './modules/episodes/episodes.service.ts';
import { auditPlugin } from './modules/audit/audit.plugin.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { supportRoutes } from './modules/support/support.routes.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { invitationsRoutes } from './modules/invitations/invitations.routes.ts';
import { pagesRoutes } from './modules/pages/pages.routes.ts';
import { watchRoutes } from './modules/watch/watch.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { alertsPlugin } from './modules/alerts/alerts.plugin.ts';
import { alertsRoutes } from './modules/alerts/alerts.routes.ts';
import { openPayments } from './payments/open-payments.ts';
import type { Payments } from './payments/payments.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: Config;
    secrets: Secrets;
    /** Changes announced by any instance on this database (LISTEN/NOTIFY). Subscribe while registering. */
    changes: ChangeFeed;
    /** How purchases are paid: the preview, or a payment provider (Stripe) behind its adapter. */
    payments: Payments;
  }
}

export interface AppDependencies {
  config: Config;
  db: Database;
  /** The pool behind `db`; the change feed holds one of its connections to LISTEN. */
  pool: pg.Pool;
  secrets: Secrets;
  /** Told by main.ts when the embedded postmaster exits; made here from `pool` when omitted. */
  availability?: DatabaseAvailability;
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
    // One line per request is most of a busy server's log work: requests are logged by requestLog below.
    logController: new LogController({ disableRequestLogging: true }),
    frameworkErrors,
    // Whole-request bound (an upload included) and a header bound, so a stalled client cannot hold a socket.
    requestTimeout: 15 * 60_000,
    http: { headersTimeout: 15_000 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('db', deps.db);
  app.decorate('config', deps.config);
  app.decorate('secrets', deps.secrets);
  app.decorate<Payments>('payments', openPayments(deps.config.payments));
  const changes = createChangeFeed(deps.pool, (error) => {
    // During an outage the availability monitor has said so once; each reconnect attempt is not news.
    if (isDatabaseUnavailable(error)) return app.databaseAvailability.markDown(unavailableReason(error));
    app.log.warn({ message: error instanceof Error ? error.message : String(error) }, 'change feed reconnecting');
  });
  app.decorate('changes', changes);
  app.addHook('onReady', () => changes.start());
  app.addHook('onClose', () => changes.stop());

  await app.register(requestLogPlugin);
  await app.register(errorsPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(availabilityPlugin, { pool: deps.pool, availability: deps.availability });
  await app.register(cookie);
  await app.register(securityPlugin);
  await app.register(mediaAddressesPlugin);
  await app.register(housekeepingPlugin);
  await app.register(accessGatePlugin);
  await app.register(guardsPlugin, { operatorOfSession: (token) => operatorOfSession(deps.db, token) });
  await app.register(auditPlugin);
  await app.register(viewersPlugin);
  await app.register(alertsPlugin);
  await app.register(mediaPipelinePlugin);
  await app.register(openApiPlugin);
  await app.register(apiReferencePlugin);

  await app.register(healthRoutes);
  await app.register(accessRoutes);
  await app.register(authRoutes);
  await app.register(catalogueSnapshotRoutes);
  await app.register(catalogueRoutes);
  await app.register(curationRoutes);
  await app.register(walletRoutes);
  await app.register(autoUnlockRoutes);
  await app.register(passesRoutes);
  await app.register(paymentsRoutes);
  await app.register(libraryRoutes);
  await app.register(alertsRoutes);
  await app.register(mediaRoutes, {
    isBeingMade: (urlPath) => isDemoClipBeingMade(urlPath) || isDemoMediaOnItsWay(urlPath),
  });
  await app.register(episodesRoutes);
  await app.register(subtitlesRoutes, { requireEpisode, requireSeries });
  await app.register(insightsRoutes);
  await app.register(translationsRoutes);
  await app.register(auditRoutes);
  await app.register(supportRoutes);
  await app.register(accountsRoutes);
  await app.register(invitationsRoutes);
  await app.register(linkPreviewsRoutes);

  // Without a built client (API-only: `npm run dev`, the tests) there are no pages to render.
  const clientDir = builtClient(deps.clientDir);
  await app.register(clientPlugin, { clientDir });
  await app.register(pagesRoutes, { clientDir, ssrEntry: deps.config.ssrEntry });
  await app.register(watchRoutes, { clientDir });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
