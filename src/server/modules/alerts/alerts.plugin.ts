import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openPushService, type VapidKeys } from '../../push/push-service.ts';
import { createAlertSender, type AlertSender } from './alerts.sender.ts';
import { resolveVapidKeys } from './alerts.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    alerts: {
      /** The VAPID public key browsers subscribe with (known once the app is ready). */
      publicKey(): string;
      /** An episode was published: send its alerts now rather than at the next poll. */
      wake(): void;
    };
  }
}

/** New-episode alerts of this process: its VAPID keys (resolved at start) and the sender of queued alerts. */
export const alertsPlugin = fp(
  async (app: FastifyInstance) => {
    let keys: VapidKeys | null = null;
    let sender: AlertSender | null = null;
    app.decorate('alerts', {
      publicKey() {
        if (!keys) throw new Error('the VAPID keys are read when the app is ready');
        return keys.publicKey;
      },
      wake: () => sender?.wake(),
    });
    app.addHook('onReady', async () => {
      keys = await resolveVapidKeys(app.db, app.config.push.vapidKeys);
      const push = openPushService({
        vapid: keys,
        subject: app.config.push.subject,
        allowPrivateEndpoints: app.config.push.allowPrivateEndpoints,
        trustedCertificate: app.config.push.trustedCertificate,
        maxSockets: 64,
      });
      sender = createAlertSender({
        db: app.db,
        push,
        ttlSeconds: app.config.push.ttlSeconds,
        log: {
          info: (message) => app.log.info(message),
          warn: (message) => app.log.warn(message),
          error: (error, message) => app.log.error({ err: error }, message),
        },
        onDatabaseUnavailable: (reason) => app.databaseAvailability.markDown(reason),
      });
      sender.start();
      app.addHook('onClose', async () => {
        await sender?.stop();
        push.close();
      });
    });
  },
  { name: 'episode-alerts' },
);
