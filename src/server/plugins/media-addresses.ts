import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { mediaAddresses, type MediaAddresses } from '../media/media-addresses.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where browsers fetch our media: MEDIA_PUBLIC_URL when set, else this server's /media/. */
    mediaAddresses: MediaAddresses;
  }
}

/**
 * With MEDIA_PUBLIC_URL set, every JSON reply gives its pictures at the CDN's address (prepared bytes, which skip
 * serialisation, are put in that form when they are made). Without it nothing is rewritten and nothing is hooked.
 */
export const mediaAddressesPlugin = fp(
  async (app: FastifyInstance) => {
    const addresses = mediaAddresses(app.config.mediaPublicUrl);
    app.decorate('mediaAddresses', addresses);
    if (!app.config.mediaPublicUrl) return;
    app.addHook('preSerialization', async (_request, _reply, payload) => addresses.picturesForBrowser(payload));
  },
  { name: 'media-addresses' },
);
