import { registerPushEvents, type PushWorkerScope } from './push-events.ts';

// The service worker Workbox makes loads this file (`importScripts`, scripts/pwa.ts): new-episode alerts
// are shown and opened by the same worker that keeps the app's files.
registerPushEvents(self as unknown as PushWorkerScope);
