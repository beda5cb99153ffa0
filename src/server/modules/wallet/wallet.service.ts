import {
  DAILY_CHECKIN_BONUSES,
  findCoinPackage,
  isEpisodeFree,
  REWARDS_PACKAGES,
  TOP_UP_PACKAGES,
  type CheckInReply,
  type CoinPackage,
  type LedgerEntry,
  type PurchaseReply,
  type UnlockedEpisode,
  type UnlockEpisodeReply,
  type User,
} from '../../../contract/index.ts';
import type { Database, Executor } from '../../db/client.ts';
import { conflict, DomainError, invalid, notFound } from '../../errors.ts';
import * as repo from './wallet.repository.ts';

/** A reply and its status, as stored for Idempotency-Key replays. */
export interface Answer<T, Status extends number = number> {
  statusCode: Status;
  body: T;
}

const noSuchUser = () => notFound('No such user');
const notEnoughCoins = (shortfall: number) =>
  new DomainError('insufficient_balance', `Not enough coins: you need ${shortfall} more coins`);

export function toUser(row: repo.UserRow): User {
  return { id: row.id, username: row.username, email: row.email, coins: row.coins, bonuses: row.bonuses };
}

function toLedgerEntry(row: repo.LedgerRow): LedgerEntry {
  return {
    id: row.id,
    kind: row.kind,
    coinsDelta: row.coinsDelta,
    bonusesDelta: row.bonusesDelta,
    packageId: row.packageId,
    price: row.priceCents === null ? null : row.priceCents / 100,
    seriesId: row.seriesId,
    episodeNumber: row.episodeNumber,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function getUser(db: Database, userId: string): Promise<User> {
  const row = await repo.findUser(db, userId);
  if (!row) throw noSuchUser();
  return toUser(row);
}

export function coinPackages(placement: 'topup' | 'rewards'): CoinPackage[] {
  return [...(placement === 'rewards' ? REWARDS_PACKAGES : TOP_UP_PACKAGES)];
}

interface IdempotencyScope {
  userId: string;
  route: string;
  key: string | undefined;
  /** What the request asked for: a key reused for a different request is refused, not replayed. */
  request: Record<string, unknown>;
}

/**
 * Runs `work` in one transaction. With a key, the first answer is stored in that same transaction
 * and replayed for every later request with the key. Failed requests change nothing and store
 * nothing, so they may be retried with the same key.
 */
async function runIdempotently<T, Status extends number>(
  db: Database,
  scope: IdempotencyScope,
  work: (tx: Executor) => Promise<Answer<T, Status>>,
): Promise<Answer<T, Status>> {
  return db.transaction(async (tx) => {
    const key = scope.key === undefined ? undefined : { userId: scope.userId, route: scope.route, key: scope.key };
    const fingerprint = JSON.stringify(scope.request);
    if (key && !(await repo.claimIdempotencyKey(tx, key))) {
      const stored = await repo.findIdempotentAnswer(tx, key);
      const envelope = stored?.reply as { request?: string; body?: T } | undefined;
      if (!stored || !envelope || envelope.request !== fingerprint) {
        throw conflict('This Idempotency-Key was already used for a different request.');
      }
      return { statusCode: stored.statusCode as Status, body: envelope.body as T };
    }
    const answer = await work(tx);
    if (key) {
      await repo.storeIdempotentAnswer(tx, key, {
        statusCode: answer.statusCode,
        reply: { request: fingerprint, body: answer.body },
      });
    }
    return answer;
  });
}

/** Credits the package the server knows by `packageId`; whatever coins or price the client sent play no part. */
export async function purchaseTokens(
  db: Database,
  userId: string,
  packageId: string,
  idempotencyKey?: string,
): Promise<Answer<PurchaseReply, 200>> {
  const pkg = findCoinPackage(packageId);
  if (!pkg) throw invalid(`Unknown coin package "${packageId}". Choose one of the offered packages.`, 'packageId');
  return runIdempotently(
    db,
    { userId, route: 'purchase-tokens', key: idempotencyKey, request: { packageId } },
    async (tx) => {
      const user = await repo.creditUser(tx, userId, { coins: pkg.coins, bonuses: pkg.bonus });
      if (!user) throw noSuchUser();
      await repo.insertLedgerEntry(tx, {
        userId,
        kind: 'purchase',
        coinsDelta: pkg.coins,
        bonusesDelta: pkg.bonus,
        packageId: pkg.id,
        priceCents: Math.round(pkg.price * 100),
      });
      return { statusCode: 200 as const, body: { totalCoins: pkg.coins + pkg.bonus, user: toUser(user) } };
    },
  );
}

function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** One check-in per user per UTC day; a second one the same day changes nothing. */
export async function dailyCheckIn(db: Database, userId: string, now = new Date()): Promise<CheckInReply> {
  return db.transaction(async (tx) => {
    if (!(await repo.findUser(tx, userId))) throw noSuchUser();
    if (!(await repo.insertCheckIn(tx, userId, utcDay(now)))) {
      // Read after the insert, which waited for any concurrent check-in to commit its credit.
      const user = await repo.findUser(tx, userId);
      return { success: false, bonuses: 0, user: toUser(user!) };
    }
    const user = await repo.creditUser(tx, userId, { coins: 0, bonuses: DAILY_CHECKIN_BONUSES });
    await repo.insertLedgerEntry(tx, {
      userId,
      kind: 'checkin',
      coinsDelta: 0,
      bonusesDelta: DAILY_CHECKIN_BONUSES,
    });
    return { success: true, bonuses: DAILY_CHECKIN_BONUSES, user: toUser(user!) };
  });
}

/**
 * Charges the series' episodeCost (never a price from the client), bonuses first, then coins.
 * The user row stays locked from the balance check to the debit, so concurrent unlocks queue.
 */
export async function unlockEpisode(
  db: Database,
  userId: string,
  target: { seriesId: number; episodeNumber: number },
  idempotencyKey?: string,
): Promise<Answer<UnlockEpisodeReply, 201>> {
  const { seriesId, episodeNumber } = target;
  return runIdempotently(
    db,
    { userId, route: 'unlock-episode', key: idempotencyKey, request: { seriesId, episodeNumber } },
    async (tx) => {
      const user = await repo.lockUser(tx, userId);
      if (!user) throw noSuchUser();
      const series = await repo.findSeriesPricing(tx, seriesId);
      if (!series) throw notFound('Series not found.');
      // Only a published episode is sold: totalEpisodes is a number operators type, not a promise of a video.
      if (!(await repo.findPublishedEpisode(tx, seriesId, episodeNumber))) {
        throw notFound(`Episode ${episodeNumber} does not exist in this series or is not published yet.`);
      }
      if (isEpisodeFree(episodeNumber, series)) {
        throw invalid(`Episode ${episodeNumber} is free to watch`, 'episodeNumber');
      }
      if (!(await repo.insertUnlock(tx, { userId, seriesId, episodeNumber }))) {
        throw conflict('Episode already unlocked');
      }
      const cost = series.episodeCost;
      const balance = user.coins + user.bonuses;
      if (balance < cost) throw notEnoughCoins(cost - balance);
      const fromBonuses = Math.min(user.bonuses, cost);
      const charge = { bonuses: fromBonuses, coins: cost - fromBonuses };
      const charged = await repo.debitUser(tx, userId, charge);
      if (!charged) throw notEnoughCoins(cost - balance);
      await repo.insertLedgerEntry(tx, {
        userId,
        kind: 'unlock',
        coinsDelta: -charge.coins,
        bonusesDelta: -charge.bonuses,
        seriesId,
        episodeNumber,
      });
      return { statusCode: 201 as const, body: { seriesId, episodeNumber, cost, user: toUser(charged) } };
    },
  );
}

export async function listUnlockedEpisodes(
  db: Database,
  userId: string,
  seriesId?: number,
): Promise<UnlockedEpisode[]> {
  if (!(await repo.findUser(db, userId))) throw noSuchUser();
  const rows = await repo.unlocksInOrder(db, userId, seriesId);
  return rows.map((row) => ({
    seriesId: row.seriesId,
    episodeNumber: row.episodeNumber,
    unlockedAt: row.createdAt.toISOString(),
  }));
}

export async function listTransactions(db: Database, userId: string, limit: number): Promise<LedgerEntry[]> {
  if (!(await repo.findUser(db, userId))) throw noSuchUser();
  return (await repo.ledgerNewestFirst(db, userId, limit)).map(toLedgerEntry);
}
