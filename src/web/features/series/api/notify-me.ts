import type { z } from 'zod';
import { VIEWER_USER_ID } from '#contract/constants.ts';
import type { alertReply, episodeAlertSeries, pushKeyReply } from '#contract/alerts.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { shownLanguageTag } from '#web/lib/texts/text-store.ts';

export const alertsPath = `/api/user/${VIEWER_USER_ID}/alerts`;

/** Whether this browser can be told of new episodes at all (Web Push in a service worker). */
export const pushSupported = () =>
  typeof navigator !== 'undefined' &&
  'serviceWorker' in navigator &&
  typeof window !== 'undefined' &&
  'PushManager' in window;

export const listNotifiedSeries = () => apiRequest<z.infer<typeof episodeAlertSeries>[]>(alertsPath);

/** "Notify me": the browser's push subscription (made with the server's VAPID key) is given to the server. */
export async function notifyMe(seriesId: number) {
  const { publicKey } = await apiRequest<z.infer<typeof pushKeyReply>>('/api/push/key');
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }));
  return apiRequest<z.infer<typeof alertReply>>(`${alertsPath}/${seriesId}`, {
    method: 'PUT',
    body: { subscription: subscription.toJSON(), language: shownLanguageTag() },
  });
}

export const stopNotifying = (seriesId: number) =>
  apiRequest<z.infer<typeof alertReply>>(`${alertsPath}/${seriesId}`, { method: 'DELETE' });
