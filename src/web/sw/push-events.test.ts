import { describe, expect, it } from 'vitest';
import {
  registerPushEvents,
  type NotificationClickLike,
  type PushEventLike,
  type PushWorkerScope,
} from './push-events.ts';

function fakeScope(windows: { url: string }[] = []) {
  const listeners: Record<string, (event: never) => void> = {};
  const shown: { title: string; options?: NotificationOptions }[] = [];
  const opened: string[] = [];
  const focused: string[] = [];
  const navigated: string[] = [];
  const scope = {
    addEventListener: (type: string, listener: (event: never) => void) => {
      listeners[type] = listener;
    },
    registration: {
      showNotification: async (title: string, options?: NotificationOptions) => {
        shown.push({ title, options });
      },
    },
    clients: {
      matchAll: async () =>
        windows.map((w) => ({
          url: w.url,
          focus: async () => focused.push(w.url),
          navigate: async (url: string) => navigated.push(url),
        })),
      openWindow: async (url: string) => opened.push(url),
    },
    location: { origin: 'https://app.example' },
  } as unknown as PushWorkerScope;
  registerPushEvents(scope);
  const waits: Promise<unknown>[] = [];
  const push = async (data: unknown) => {
    const event: PushEventLike = { data: { json: () => data }, waitUntil: (p) => waits.push(p) };
    listeners.push!(event as never);
    await Promise.all(waits);
  };
  const click = async (url: unknown) => {
    const event: NotificationClickLike = {
      notification: { data: { url }, close: () => {} },
      waitUntil: (p) => waits.push(p),
    };
    listeners.notificationclick!(event as never);
    await Promise.all(waits);
  };
  return { push, click, shown, opened, focused, navigated };
}

describe('the service worker’s push events', () => {
  it('shows the alert the server sent', async () => {
    const sw = fakeScope();
    await sw.push({
      title: 'Love: episode 3 is out',
      body: 'The Return',
      icon: '/media/a.jpg',
      url: '/watch/9',
      tag: 't',
    });
    expect(sw.shown).toEqual([
      {
        title: 'Love: episode 3 is out',
        options: { body: 'The Return', icon: '/media/a.jpg', tag: 't', data: { url: '/watch/9' } },
      },
    ]);
  });

  it('shows nothing for a payload without a title', async () => {
    const sw = fakeScope();
    await sw.push({ body: 'x' });
    expect(sw.shown).toEqual([]);
  });

  it('opens the episode on a tap, or focuses a window already on it', async () => {
    const none = fakeScope();
    await none.click('/watch/9');
    expect(none.opened).toEqual(['https://app.example/watch/9']);

    const open = fakeScope([{ url: 'https://app.example/watch/9' }]);
    await open.click('/watch/9');
    expect(open.focused).toEqual(['https://app.example/watch/9']);
    expect(open.opened).toEqual([]);

    const elsewhere = fakeScope([{ url: 'https://app.example/' }]);
    await elsewhere.click('/watch/9');
    expect(elsewhere.navigated).toEqual(['https://app.example/watch/9']);
  });

  it('never opens another site', async () => {
    const sw = fakeScope();
    await sw.click('https://evil.example/');
    await sw.click('//evil.example/');
    expect(sw.opened).toEqual(['https://app.example/', 'https://app.example/']);
  });
});
