/** What the service worker's global is to this module: only the parts push handling uses. */
export interface PushWorkerScope {
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickLike) => void): void;
  registration: { showNotification(title: string, options?: NotificationOptions): Promise<void> };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  location: { origin: string };
}

interface ExtendableLike {
  waitUntil(promise: Promise<unknown>): void;
}
export interface PushEventLike extends ExtendableLike {
  data: { json(): unknown } | null;
}
export interface NotificationClickLike extends ExtendableLike {
  notification: { data?: unknown; close(): void };
}
interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate?(url: string): Promise<unknown>;
}

interface AlertData {
  title: string;
  body?: string;
  icon?: string;
  url: string;
  tag?: string;
}

/** Only paths of this app are opened: a payload naming another site opens the home page instead. */
function ownPath(url: unknown): string {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/';
}

function readAlert(event: PushEventLike): AlertData | null {
  try {
    const data = event.data?.json() as Partial<AlertData> | undefined;
    if (!data || typeof data.title !== 'string') return null;
    return { ...data, title: data.title, url: ownPath(data.url) };
  } catch {
    return null;
  }
}

/**
 * New-episode alerts in the service worker: a push shows the server's notification ("{series}: episode N is
 * out"); a tap focuses a window of the app already on that episode, else navigates one, else opens a new one.
 */
export function registerPushEvents(scope: PushWorkerScope): void {
  scope.addEventListener('push', (event) => {
    const alert = readAlert(event);
    if (!alert) return;
    event.waitUntil(
      scope.registration.showNotification(alert.title, {
        body: alert.body,
        icon: alert.icon,
        tag: alert.tag,
        data: { url: alert.url },
      }),
    );
  });

  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const url = ownPath((event.notification.data as { url?: unknown } | undefined)?.url);
    const target = new URL(url, scope.location.origin).href;
    event.waitUntil(
      (async () => {
        const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const same = windows.find((w) => w.url === target);
        if (same) return same.focus();
        const any = windows.find((w) => w.url.startsWith(scope.location.origin) && w.navigate);
        if (any) {
          await any.navigate!(target);
          return any.focus();
        }
        return scope.clients.openWindow(target);
      })(),
    );
  });
}
