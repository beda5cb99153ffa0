import { PAGE_DATA_ELEMENT_ID, type PageData } from '#contract/page-data.ts';
import type { PageRenderRequest } from '#contract/page-render.ts';

/**
 * The one way the client talks to the server. Cookies always travel; a JSON body (with its content
 * type) only when there is one. A non-OK reply fails with "<status>: <body text or status text>".
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }

  /** The server's readable message from a JSON error reply, else the whole "<status>: <text>" message. */
  get serverMessage(): string {
    try {
      const parsed = JSON.parse(this.body) as { message?: unknown };
      if (typeof parsed.message === 'string') return parsed.message;
    } catch {
      // not JSON
    }
    return this.message;
  }

  /** The field a validation error concerns, when the server named one. */
  get field(): string | undefined {
    try {
      const parsed = JSON.parse(this.body) as { field?: unknown };
      return typeof parsed.field === 'string' ? parsed.field : undefined;
    } catch {
      return undefined;
    }
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * A browser without a viewer is given one by the server with the first request that needs one (a write, or reading
 * /api/user), and two such requests at once would each make one, the later cookie winning. So the first goes alone
 * and every later one leaves once it has answered, when the browser holds its viewer's cookie.
 */
let firstAsViewer: Promise<unknown> | undefined;
export function asViewer<T>(send: () => Promise<T>): Promise<T> {
  const sent = firstAsViewer ? firstAsViewer.then(send) : send();
  firstAsViewer ??= sent.catch(() => undefined);
  return sent;
}

/** POSTs a JSON body as the viewer, kept alive past the page's end (the player's reports as it is left). */
export const postKeptAlive = (path: string, body: string) =>
  asViewer(() =>
    fetch(path, {
      method: 'POST',
      credentials: 'include',
      keepalive: true,
      headers: { 'Content-Type': 'application/json' },
      body,
    }),
  );

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const hasBody = options.body !== undefined;
  // A form (a file upload) sets its own multipart content type; everything else travels as JSON.
  const isForm = options.body instanceof FormData;
  // Compiled out of the browser's bundle.
  if (import.meta.env.SSR && serverReads) return readOnServer<T>(path, options);
  if ((options.method ?? 'GET') === 'GET') {
    const early = takeEarlyRead(path);
    if (early) return early as Promise<T>;
    const served = takeServedAnswer(path);
    if (served.found) return served.answer as T;
  }
  const method = options.method ?? 'GET';
  const send = () =>
    fetch(path, {
      method,
      credentials: 'include',
      headers: { ...(hasBody && !isForm ? { 'Content-Type': 'application/json' } : {}), ...options.headers },
      body: isForm ? (options.body as FormData) : hasBody ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    });
  const response = await (method !== 'GET' || path === '/api/user' ? asViewer(send) : send());
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    if (response.status === 401) notifyUnauthorized(path, text);
    throw new ApiError(response.status, text, response.statusText);
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The page data the server put into the page's HTML (src/contract/page-data.ts), read once. */
let servedPage: PageData | null | undefined;
export function readServedPage(): PageData | null {
  if (servedPage !== undefined) return servedPage;
  servedPage = null;
  try {
    const element = typeof document === 'undefined' ? null : document.getElementById(PAGE_DATA_ELEMENT_ID);
    if (element?.textContent) servedPage = JSON.parse(element.textContent) as PageData;
    element?.remove();
  } catch {
    // Unreadable: the page asks for everything itself.
  }
  return servedPage;
}

/**
 * The answers the server put into the page's HTML, each used once: the first read takes it, and a later
 * one (a refetch after a change) asks the server.
 */
function takeServedAnswer(path: string): { found: boolean; answer?: unknown } {
  const answers = readServedPage()?.answers;
  if (!answers || !(path in answers)) return { found: false };
  const answer = answers[path];
  delete answers[path];
  return { found: true, answer };
}

/**
 * Reads the player's boot script began before the app had started (features/watch/feed/early-start.ts), by
 * URL: the app's first read of that URL takes the answer instead of asking again. Each is taken once, and
 * only while fresh: an older one means the page came later than any cold start would.
 */
const earlyReads = new Map<string, { read: Promise<unknown>; at: number }>();
const EARLY_READ_FRESH_MS = 15_000;

export function noteEarlyRead(path: string, read: Promise<unknown>) {
  earlyReads.set(path, { read, at: Date.now() });
}

function takeEarlyRead(path: string): Promise<unknown> | undefined {
  const early = earlyReads.get(path);
  earlyReads.delete(path);
  return early && Date.now() - early.at < EARLY_READ_FRESH_MS ? early.read : undefined;
}

/**
 * While a page is rendered on the server (src/web/entry-server.tsx), reads go to the API in-process, as the
 * visitor of that request; the renderer renders one page at a time, so one reader at a time.
 */
let serverReads: PageRenderRequest['readApi'] | undefined;
export function readApiOnServer(readApi: PageRenderRequest['readApi'] | undefined) {
  serverReads = readApi;
}

async function readOnServer<T>(path: string, options: RequestOptions): Promise<T> {
  if ((options.method ?? 'GET') !== 'GET') throw new Error(`A page rendered on the server only reads: ${path}`);
  const answer = await serverReads!(path);
  if ('body' in answer) return answer.body as T;
  throw new ApiError(answer.status, answer.text, '');
}

type UnauthorizedListener = (path: string, body: string) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Lets the access gate and the admin dashboard react when the server says a session has ended. */
export function onUnauthorized(listener: UnauthorizedListener) {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

function notifyUnauthorized(path: string, body: string) {
  for (const listener of unauthorizedListeners) listener(path, body);
}

/** A fresh key per user action, so a retried purchase or unlock is applied once. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
