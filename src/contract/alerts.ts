import { z } from 'zod';
import { LANGUAGE_TAGS } from './languages.ts';

const base64url = (name: string, bytes: { min: number; max: number }) =>
  z
    .string({ error: `${name} is required` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${name} must be base64url`)
    .refine((value) => {
      const length = Math.floor((value.replace(/=+$/, '').length * 3) / 4);
      return length >= bytes.min && length <= bytes.max;
    }, `${name} has the wrong length`);

/** What the browser's `PushSubscription.toJSON()` gives, as the server keeps it. */
export const pushSubscriptionBody = z.object({
  endpoint: z
    .string({ error: 'endpoint is required' })
    .min(1, 'endpoint is required')
    .max(1024, 'endpoint is too long'),
  keys: z.object(
    {
      /** The browser's uncompressed P-256 public key (65 bytes). */
      p256dh: base64url('keys.p256dh', { min: 65, max: 65 }),
      /** The browser's auth secret (16 bytes). */
      auth: base64url('keys.auth', { min: 16, max: 16 }),
    },
    { error: 'keys (p256dh and auth) are required' },
  ),
  expirationTime: z.number().nullable().optional(),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

const languageTags = Object.values(LANGUAGE_TAGS) as [string, ...string[]];

export const alertSubscribeBody = z.object({
  subscription: pushSubscriptionBody,
  /** The language the browser's alerts are written in (the app's, as a BCP 47 tag); English if not given. */
  language: z.enum(languageTags, { error: `language must be one of ${languageTags.join(', ')}` }).optional(),
});

export const pushKeyReply = z.object({
  /** The server's VAPID public key: `applicationServerKey` of `pushManager.subscribe`. */
  publicKey: z.string(),
});

export const episodeAlertSeries = z.object({
  seriesId: z.number().int(),
  title: z.string(),
  thumbnailUrl: z.string(),
});
export type EpisodeAlertSeries = z.infer<typeof episodeAlertSeries>;

export const alertReply = z.object({ seriesId: z.number().int(), notified: z.boolean() });

/** What a new-episode alert carries to the service worker. */
export interface EpisodeAlertPayload {
  title: string;
  body: string;
  url: string;
  icon: string;
  tag: string;
}
