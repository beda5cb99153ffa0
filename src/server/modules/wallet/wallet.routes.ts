import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkInReply,
  coinPackage,
  errorReply,
  idempotencyKeyHeader,
  ledgerEntry,
  packagesQuery,
  purchaseBody,
  purchaseCheckoutReply,
  purchaseReply,
  transactionsQuery,
  unlockedEpisode,
  unlockedEpisodesQuery,
  unlockEpisodeBody,
  unlockEpisodeReply,
  user,
  userIdParams,
} from '#contract/index.ts';
import {
  coinPackages,
  dailyCheckIn,
  getUser,
  listTransactions,
  listUnlockedEpisodes,
  openWallet,
  forgetOldIdempotencyKeys,
} from './wallet.service.ts';
import { viewerRoute } from '../../plugins/guards.ts';
import { startPurchase } from '../payments/payments.service.ts';

// Loose: the validated value replaces request.headers, which must keep every other header.
const idempotencyHeaders = idempotencyKeyHeader.loose();

export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  app.housekeeping.add('idempotencyKeys', (now) => forgetOldIdempotencyKeys(app.db, now));
  const wallet = openWallet(app.db, app.viewers.start);

  app.get(
    '/api/user',
    {
      config: { ...viewerRoute, viewer: 'self' },
      schema: {
        summary: 'The viewer of this request and their coin balance',
        operationId: 'getViewer',
        tags: ['Wallet'],
        response: { 200: user, 404: errorReply },
      },
    },
    (request) => getUser(app.db, request.viewerId, app.viewers.start),
  );

  app.get(
    '/api/user/:userId',
    {
      config: viewerRoute,
      schema: {
        summary: 'The viewer (user-1 or their own id) and their coin balance',
        operationId: 'getUser',
        tags: ['Wallet'],
        params: userIdParams,
        response: { 200: user, 404: errorReply },
      },
    },
    (request) => getUser(app.db, request.params.userId, app.viewers.start),
  );

  app.get(
    '/api/packages',
    {
      config: viewerRoute,
      schema: {
        summary: 'The coin packages for sale',
        operationId: 'listCoinPackages',
        tags: ['Wallet'],
        querystring: packagesQuery,
        response: { 200: z.array(coinPackage), 400: errorReply },
      },
    },
    (request) => coinPackages(request.query.placement),
  );

  app.post(
    '/api/user/:userId/purchase-tokens',
    {
      config: viewerRoute,
      schema: {
        summary:
          'Buy a coin package: credited at once in the preview (200), or paid on the checkoutUrl (202) with a payment provider',
        operationId: 'purchaseCoins',
        tags: ['Wallet'],
        params: userIdParams,
        headers: idempotencyHeaders,
        body: purchaseBody,
        response: {
          200: purchaseReply,
          202: purchaseCheckoutReply,
          400: errorReply,
          404: errorReply,
          409: errorReply,
          429: errorReply,
          503: errorReply,
        },
      },
    },
    async (request, reply) => {
      const payments = app.payments;
      if (payments.kind !== 'preview') {
        const started = await startPurchase(app.db, payments, {
          viewerId: request.params.userId,
          packageId: request.body.packageId,
          // Set whenever a provider is: the configuration refuses Stripe without it.
          publicOrigin: app.config.publicOrigin!,
          start: app.viewers.start,
        });
        return reply.status(202).send(started);
      }
      const answer = await wallet.purchaseTokens(
        request.params.userId,
        request.body.packageId,
        request.headers['idempotency-key'],
      );
      return reply.status(answer.statusCode).send(answer.body);
    },
  );

  app.post(
    '/api/user/:userId/daily-checkin',
    {
      config: viewerRoute,
      schema: {
        summary: "Collect the day's check-in coins",
        operationId: 'dailyCheckIn',
        tags: ['Wallet'],
        params: userIdParams,
        response: { 200: checkInReply, 404: errorReply },
      },
    },
    (request) => dailyCheckIn(app.db, request.params.userId, app.viewers.start),
  );

  app.post(
    '/api/user/:userId/unlock-episode',
    {
      config: viewerRoute,
      schema: {
        summary: 'Unlock an episode with coins (201), or 200 for nothing while a VIP pass plays every episode',
        operationId: 'unlockEpisode',
        tags: ['Wallet'],
        params: userIdParams,
        headers: idempotencyHeaders,
        body: unlockEpisodeBody,
        response: {
          200: unlockEpisodeReply,
          201: unlockEpisodeReply,
          400: errorReply,
          402: errorReply,
          404: errorReply,
          409: errorReply,
        },
      },
    },
    async (request, reply) => {
      const answer = await wallet.unlockEpisode(
        request.params.userId,
        { seriesId: request.body.seriesId, episodeNumber: request.body.episodeNumber, auto: request.body.auto },
        request.headers['idempotency-key'],
      );
      return reply.status(answer.statusCode).send(answer.body);
    },
  );

  app.get(
    '/api/user/:userId/unlocked-episodes',
    {
      config: viewerRoute,
      schema: {
        summary: 'The episodes a user has unlocked',
        operationId: 'listUnlockedEpisodes',
        tags: ['Wallet'],
        params: userIdParams,
        querystring: unlockedEpisodesQuery,
        response: { 200: z.array(unlockedEpisode), 400: errorReply, 404: errorReply },
      },
    },
    (request) => listUnlockedEpisodes(app.db, request.params.userId, request.query.seriesId),
  );

  app.get(
    '/api/user/:userId/transactions',
    {
      config: viewerRoute,
      schema: {
        summary: "A user's coin ledger, newest first",
        operationId: 'listTransactions',
        tags: ['Wallet'],
        params: userIdParams,
        querystring: transactionsQuery,
        response: { 200: z.array(ledgerEntry), 400: errorReply, 404: errorReply },
      },
    },
    (request) => listTransactions(app.db, request.params.userId, request.query.limit),
  );
};
