import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh api-client per test: which request went first is the module's own state. */
async function freshClient() {
  vi.resetModules();
  return import('./api-client.ts');
}

/** A request whose answer the test gives when it chooses. */
function pendingRequest() {
  let answer!: (value: string) => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<string>((resolve, reject) => {
    answer = resolve;
    fail = reject;
  });
  return { promise, answer, fail };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('asViewer: the first request that may give this browser its viewer goes alone', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the first at once and the others only once it has answered', async () => {
    const { asViewer } = await freshClient();
    const first = pendingRequest();
    const sent: string[] = [];
    const a = asViewer(() => (sent.push('progress'), first.promise));
    const b = asViewer(async () => (sent.push('events'), 'events answered'));
    const c = asViewer(async () => (sent.push('like'), 'like answered'));
    await settle();
    expect(sent).toEqual(['progress']);
    first.answer('progress answered');
    await expect(a).resolves.toBe('progress answered');
    await expect(Promise.all([b, c])).resolves.toEqual(['events answered', 'like answered']);
    expect(sent).toEqual(['progress', 'events', 'like']);
    // Later requests wait for nothing (the first has answered), and each keeps its own result.
    await expect(asViewer(async () => 'later')).resolves.toBe('later');
  });

  it('lets the others go when the first fails, each failing or answering on its own', async () => {
    const { asViewer } = await freshClient();
    const first = pendingRequest();
    const a = asViewer(() => first.promise);
    const b = asViewer(async () => 'answered');
    first.fail(new TypeError('Failed to fetch'));
    await expect(a).rejects.toThrow('Failed to fetch');
    await expect(b).resolves.toBe('answered');
  });

  it('holds a write of apiRequest and a read of /api/user behind the first, not a catalogue read', async () => {
    const { apiRequest, postKeptAlive } = await freshClient();
    const first = pendingRequest();
    const fetched: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => {
        fetched.push(path);
        if (path === '/api/progress') await first.promise;
        return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    const report = postKeptAlive('/api/progress', '{}');
    const like = apiRequest('/api/user/user-1/like/1', { method: 'POST' });
    const user = apiRequest('/api/user');
    const series = apiRequest('/api/series/1');
    await settle();
    expect(fetched).toEqual(['/api/progress', '/api/series/1']);
    first.answer('');
    await Promise.all([report, like, user, series]);
    expect(fetched).toEqual(['/api/progress', '/api/series/1', '/api/user/user-1/like/1', '/api/user']);
  });
});
