import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessSessions, idempotencyKeys, operatorAudit, passkeyChallenges, signInFlows } from '../db/schema.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { IDEMPOTENCY_KEY_HOURS } from '../modules/wallet/wallet.service.ts';
import { sweepExpired } from './housekeeping.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000);

describe('housekeeping', () => {
  it('forgets idempotency keys older than a day and expired sessions, and keeps the rest', async () => {
    // Each table's rows are written as they stand, one past its limit and one within: what the sweeps read is the test.
    const key = { userId: 'user-1', route: 'POST /api/purchase', statusCode: 200, reply: {} };
    await t.db.insert(idempotencyKeys).values([
      { ...key, key: 'old', createdAt: hoursAgo(IDEMPOTENCY_KEY_HOURS + 1) },
      { ...key, key: 'recent', createdAt: hoursAgo(IDEMPOTENCY_KEY_HOURS - 1) },
    ]);
    const session = { codeId: 'code', generation: 1 };
    await t.db.insert(accessSessions).values([
      { ...session, id: 'expired', expiresAt: hoursAgo(1) },
      { ...session, id: 'live', expiresAt: hoursAgo(-1) },
    ]);

    const entry = { operatorName: 'Owner', operatorRole: 'owner', action: 'series.update' };
    await t.db.insert(operatorAudit).values([
      { ...entry, objectId: 'past retention', at: hoursAgo(366 * 24) },
      { ...entry, objectId: 'kept', at: hoursAgo(364 * 24) },
    ]);

    await t.db.insert(passkeyChallenges).values([
      { challenge: 'unanswered', purpose: 'sign-in', expiresAt: hoursAgo(1) },
      { challenge: 'pending', purpose: 'sign-in', expiresAt: hoursAgo(-1) },
    ]);
    const flow = { provider: 'google', codeVerifier: 'v', nonce: 'n', redirectUri: 'http://x/cb', returnTo: '/' };
    await t.db.insert(signInFlows).values([
      { ...flow, stateHash: 'abandoned', expiresAt: hoursAgo(1) },
      { ...flow, stateHash: 'under way', expiresAt: hoursAgo(-1) },
    ]);

    expect(await sweepExpired(t.app, new Date())).toEqual({
      idempotencyKeys: 1,
      insightEvents: 0,
      auditEntries: 1,
      unfinishedSignIns: 2,
      retiredMediaFolders: 0,
    });
    expect((await t.db.select().from(passkeyChallenges)).map((r) => r.challenge)).toEqual(['pending']);
    expect((await t.db.select().from(signInFlows)).map((r) => r.stateHash)).toEqual(['under way']);
    const audit = await t.db.select({ objectId: operatorAudit.objectId }).from(operatorAudit);
    expect(audit.map((r) => r.objectId)).toContain('kept');
    expect(audit.map((r) => r.objectId)).not.toContain('past retention');
    expect((await t.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys)).map((r) => r.key)).toEqual([
      'recent',
    ]);
    const sessions = (await t.db.select({ id: accessSessions.id }).from(accessSessions)).map((r) => r.id);
    expect(sessions).toContain('live');
    expect(sessions).not.toContain('expired');
    // The viewer's own session (made by the test context) still passes the gate.
    expect((await t.viewer({ method: 'GET', url: '/api/user' })).statusCode).toBe(200);
  });
});
