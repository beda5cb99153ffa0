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
  type ViewerAccount,
} from '#contract/index.ts';
import type { Database, Executor } from '../../db/client.ts';
import { conflict, DomainError, invalid, notFound } from '../../errors.ts';
import * as repo from './wallet.repository.ts';
import { createBatchedWrites } from '../../db/batched-writes.ts';
import { ensureViewers, freshViewer, viewersOfWrite, type ViewerStart } from '../viewers/viewers.service.ts';
import { viewersWithVip } from '../passes/passes.service.ts';

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

/** The reason of a support grant is for operators: the viewer's own list leaves it out. */
function toLedgerEntry(row: repo.LedgerRow & { receiptUrl?: string | null }, withReason = false): LedgerEntry {
  return {
    ...(withReason ? { reason: row.reason } : {}),
    ...(row.kind === 'purchase' ? { preview: row.purchaseId === null, receiptUrl: row.receiptUrl ?? null } : {}),
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

/** The viewer's account; one who has written nothing yet has no row and the starting balance. */
export async function getUser(db: Database, userId: string, start: ViewerStart): Promise<User> {
  const row = await repo.findUser(db, userId);
  return row ? toUser(row) : freshViewer(userId, start);
}

export function coinPackages(placement: 'topup' | 'rewards'): CoinPackage[] {
  return [...(placement === 'rewards' ? REWARDS_PACKAGES : TOP_UP_PACKAGES)];
}

/** A purchase or an unlock, as the batched writes hold it until its batch is settled. */
export type MoneyRequest = { userId: string; idempotencyKey?: string } & (
  | { kind: 'purchase'; package: CoinPackage }
  | { kind: 'unlock'; seriesId: number; episodeNumber: number; auto?: boolean }
);

type Settled = Answer<PurchaseReply | UnlockEpisodeReply, 200 | 201> | DomainError;

const ROUTE_OF_KIND = { purchase: 'purchase-tokens', unlock: 'unlock-episode' } as const;

function idempotencyKeyOf(request: MoneyRequest): repo.IdempotencyKey | undefined {
  const key = request.idempotencyKey;
  return key === undefined ? undefined : { userId: request.userId, route: ROUTE_OF_KIND[request.kind], key };
}

const keyText = (key: repo.IdempotencyKey) => JSON.stringify([key.userId, key.route, key.key]);

/** What the request asked for: a key reused for a different request is refused, not replayed. */
function fingerprintOf(request: MoneyRequest): string {
  return JSON.stringify(
    request.kind === 'purchase'
      ? { packageId: request.package.id }
      : { seriesId: request.seriesId, episodeNumber: request.episodeNumber, ...(request.auto ? { auto: true } : {}) },
  );
}

const episodeText = (ref: repo.EpisodeRef) => `${ref.seriesId}:${ref.episodeNumber}`;

/**
 * The balances and unlocks of the users a batch touches, read under their locks, and what the batch writes.
 * Requests are decided in arrival order against it, so each one sees the balance the ones before it left.
 */
class Till {
  readonly ledger: repo.NewLedgerRow[] = [];
  readonly newUnlocks: { userId: string; seriesId: number; episodeNumber: number }[] = [];
  readonly autoUnlocks: repo.NewAutoUnlock[] = [];
  private readonly users: Map<string, repo.UserRow>;
  private readonly changes = new Map<string, { coins: number; bonuses: number }>();

  constructor(
    users: repo.UserRow[],
    private readonly pricing: Map<number, { isFree: boolean; episodeCost: number }>,
    private readonly published: Set<string>,
    private readonly unlocked: Set<string>,
    private readonly vip: Set<string>,
  ) {
    this.users = new Map(users.map((row) => [row.id, { ...row }]));
  }

  purchase(userId: string, pkg: CoinPackage): Settled {
    const user = this.users.get(userId);
    if (!user) return noSuchUser();
    this.change(user, { coins: pkg.coins, bonuses: pkg.bonus });
    this.ledger.push({
      userId,
      kind: 'purchase',
      coinsDelta: pkg.coins,
      bonusesDelta: pkg.bonus,
      packageId: pkg.id,
      priceCents: Math.round(pkg.price * 100),
    });
    return { statusCode: 200, body: { totalCoins: pkg.coins + pkg.bonus, user: toUser(user) } };
  }

  /**
   * Charges the series' episodeCost (never a price from the client), bonuses first, then coins; never twice (an
   * unlocked episode is a 409) and never while a VIP pass plays every episode (answered as unlocked, for nothing).
   * An automatic unlock (the player's, not a tap) is refused unless the viewer turned auto-unlock on.
   */
  unlock(userId: string, episode: repo.EpisodeRef & { auto?: boolean }): Settled {
    const { seriesId, episodeNumber } = episode;
    const user = this.users.get(userId);
    if (!user) return noSuchUser();
    const series = this.pricing.get(seriesId);
    if (!series) return notFound('Series not found.');
    // Only a published episode is sold: totalEpisodes is a number operators type, not a promise of a video.
    if (!this.published.has(episodeText(episode))) {
      return notFound(`Episode ${episodeNumber} does not exist in this series or is not published yet.`);
    }
    if (isEpisodeFree(episodeNumber, series))
      return invalid(`Episode ${episodeNumber} is free to watch`, 'episodeNumber');
    const unlock = `${userId}:${episodeText(episode)}`;
    if (this.unlocked.has(unlock)) return conflict('Episode already unlocked');
    if (this.vip.has(userId)) {
      return { statusCode: 200, body: { seriesId, episodeNumber, cost: 0, coveredBy: 'vip', user: toUser(user) } };
    }
    if (episode.auto && !user.autoUnlock) {
      return conflict('Automatic unlocking is off: tap Unlock to spend coins on this episode.', 'auto');
    }
    const cost = series.episodeCost;
    const balance = user.coins + user.bonuses;
    if (balance < cost) return notEnoughCoins(cost - balance);
    const fromBonuses = Math.min(user.bonuses, cost);
    const charge = { bonuses: fromBonuses, coins: cost - fromBonuses };
    this.change(user, { coins: -charge.coins, bonuses: -charge.bonuses });
    this.unlocked.add(unlock);
    this.newUnlocks.push({ userId, seriesId, episodeNumber });
    if (episode.auto) this.autoUnlocks.push({ userId, seriesId, episodeNumber, ...charge });
    this.ledger.push({
      userId,
      kind: 'unlock',
      coinsDelta: -charge.coins,
      bonusesDelta: -charge.bonuses,
      seriesId,
      episodeNumber,
    });
    return { statusCode: 201, body: { seriesId, episodeNumber, cost, user: toUser(user) } };
  }

  balanceChanges() {
    return [...this.changes].map(([userId, change]) => ({ userId, ...change }));
  }

  private change(user: repo.UserRow, amount: { coins: number; bonuses: number }) {
    user.coins += amount.coins;
    user.bonuses += amount.bonuses;
    const total = this.changes.get(user.id) ?? { coins: 0, bonuses: 0 };
    this.changes.set(user.id, { coins: total.coins + amount.coins, bonuses: total.bonuses + amount.bonuses });
  }
}

const unique = <T>(values: T[]) => [...new Set(values)];

/**
 * Settles purchases and unlocks in one transaction, each with its own answer (or refusal), as if each had run
 * alone in arrival order. With a key, the first answer is stored in that same transaction and replayed for
 * every later request with the key. Refused requests change nothing and store nothing, so they may be
 * retried with the same key, and a new viewer none of whose requests was accepted gets no row. No two requests of a
 * batch may share a key (the batched writes see to it).
 */
export async function settleMoneyRequests(
  db: Database,
  requests: MoneyRequest[],
  start: ViewerStart,
): Promise<Settled[]> {
  return db.transaction(async (tx) => {
    const viewers = await viewersOfWrite(
      tx,
      requests.map((request) => request.userId),
      start,
    );
    const keys = requests.map(idempotencyKeyOf);
    const claimed = new Set(
      (
        await repo.claimIdempotencyKeys(
          tx,
          keys.filter((key) => key !== undefined),
        )
      ).map(keyText),
    );
    const isReplay = (index: number) => keys[index] !== undefined && !claimed.has(keyText(keys[index]));
    const replayKeys = keys.filter((key, index) => key !== undefined && isReplay(index)) as repo.IdempotencyKey[];
    const stored = new Map(
      (replayKeys.length > 0 ? await repo.findIdempotentAnswers(tx, replayKeys) : []).map((row) => [keyText(row), row]),
    );

    const live = requests.filter((_, index) => !isReplay(index));
    const unlocksAsked = live.flatMap((request) => (request.kind === 'unlock' ? [request] : []));
    const userIds = unique(live.map((request) => request.userId));
    const users = userIds.length > 0 ? await repo.lockUsers(tx, userIds) : [];
    const unlockers = unique(unlocksAsked.map((request) => request.userId));
    const [pricing, published, unlocked, vip] =
      unlocksAsked.length === 0
        ? [[], [], [], new Set<string>()]
        : [
            await repo.findSeriesPricing(tx, unique(unlocksAsked.map((request) => request.seriesId))),
            await repo.findPublishedEpisodes(tx, unlocksAsked),
            await repo.findUnlocks(tx, unlockers, unlocksAsked),
            await viewersWithVip(tx, unlockers),
          ];
    const till = new Till(
      users,
      new Map(pricing.map((row) => [row.id, row])),
      new Set(published.map(episodeText)),
      new Set(unlocked.map((row) => `${row.userId}:${episodeText(row)}`)),
      vip,
    );

    const answersToStore: (repo.IdempotencyKey & repo.StoredAnswer)[] = [];
    const keysToRelease: repo.IdempotencyKey[] = [];
    const settled = requests.map((request, index): Settled => {
      const key = keys[index];
      if (key && isReplay(index)) return replayOf(stored.get(keyText(key)), fingerprintOf(request));
      const outcome =
        request.kind === 'purchase'
          ? till.purchase(request.userId, request.package)
          : till.unlock(request.userId, request);
      if (key && outcome instanceof DomainError) keysToRelease.push(key);
      else if (key && !(outcome instanceof DomainError)) {
        answersToStore.push({
          ...key,
          statusCode: outcome.statusCode,
          reply: { request: fingerprintOf(request), body: outcome.body },
        });
      }
      return outcome;
    });

    await viewers.keepFor(requests.filter((_, index) => !(settled[index] instanceof DomainError)).map((r) => r.userId));
    await repo.changeBalances(tx, till.balanceChanges());
    await repo.insertUnlocks(tx, till.newUnlocks);
    await repo.insertAutoUnlocks(tx, till.autoUnlocks);
    await repo.insertLedgerEntries(tx, till.ledger);
    await repo.storeIdempotentAnswers(tx, answersToStore);
    await repo.releaseIdempotencyKeys(tx, keysToRelease);
    return settled;
  });
}

function replayOf(stored: repo.StoredAnswer | undefined, fingerprint: string): Settled {
  const envelope = stored?.reply as { request?: string; body?: PurchaseReply | UnlockEpisodeReply } | undefined;
  if (!stored || !envelope?.body || envelope.request !== fingerprint) {
    return conflict('This Idempotency-Key was already used for a different request.');
  }
  return { statusCode: stored.statusCode as 200 | 201, body: envelope.body };
}

/** Purchases and unlocks of this instance, settled in batches (docs/decisions/025-money-in-batches.md). */
export function openWallet(db: Database, start: ViewerStart) {
  const queue = createBatchedWrites((requests: MoneyRequest[]) => settleMoneyRequests(db, requests, start), {
    maxBatch: 64,
    concurrency: 2,
    keyOf: (request) => {
      const key = idempotencyKeyOf(request);
      return key && keyText(key);
    },
  });
  const settle = async (request: MoneyRequest) => {
    const outcome = await queue.write(request);
    if (outcome instanceof DomainError) throw outcome;
    return outcome;
  };
  return {
    /** Credits the package the server knows by `packageId`; whatever coins or price the client sent play no part. */
    async purchaseTokens(userId: string, packageId: string, idempotencyKey?: string) {
      const pkg = findCoinPackage(packageId);
      if (!pkg) throw invalid(`Unknown coin package "${packageId}". Choose one of the offered packages.`, 'packageId');
      return (await settle({ kind: 'purchase', userId, package: pkg, idempotencyKey })) as Answer<PurchaseReply, 200>;
    },
    async unlockEpisode(
      userId: string,
      target: { seriesId: number; episodeNumber: number; auto?: boolean },
      idempotencyKey?: string,
    ) {
      const request: MoneyRequest = { kind: 'unlock', userId, ...target, idempotencyKey };
      return (await settle(request)) as Answer<UnlockEpisodeReply, 200 | 201>;
    },
  };
}

/**
 * Credits a paid purchase's coins and bonuses with its ledger row, in the caller's transaction (the one that
 * moved the purchase to paid), so the credit and the transition commit together or not at all.
 */
export async function creditPaidPurchase(
  db: Executor,
  purchase: { id: string; userId: string; packageId: string; coins: number; bonuses: number; amountMinor: number },
): Promise<void> {
  await repo.lockUsers(db, [purchase.userId]);
  await repo.creditUser(db, purchase.userId, { coins: purchase.coins, bonuses: purchase.bonuses });
  await repo.insertLedgerEntry(db, {
    userId: purchase.userId,
    kind: 'purchase',
    coinsDelta: purchase.coins,
    bonusesDelta: purchase.bonuses,
    packageId: purchase.packageId,
    priceCents: purchase.amountMinor,
    purchaseId: purchase.id,
  });
}

/**
 * Takes back what a refund or dispute owes, in the caller's transaction, with a `refund` ledger row: coins from
 * coins and bonuses from bonuses first, then from the other; never below zero. Returns what was taken; the rest
 * the viewer had already spent.
 */
export async function takeBackForRefund(
  db: Executor,
  refund: { userId: string; purchaseId: string; packageId: string; owedCoins: number; owedBonuses: number },
): Promise<{ coins: number; bonuses: number }> {
  const [user] = await repo.lockUsers(db, [refund.userId]);
  if (!user) return { coins: 0, bonuses: 0 };
  let coins = Math.min(refund.owedCoins, user.coins);
  let bonuses = Math.min(refund.owedBonuses, user.bonuses);
  let short = refund.owedCoins + refund.owedBonuses - coins - bonuses;
  const moreCoins = Math.min(short, user.coins - coins);
  coins += moreCoins;
  short -= moreCoins;
  bonuses += Math.min(short, user.bonuses - bonuses);
  await repo.creditUser(db, refund.userId, { coins: -coins, bonuses: -bonuses });
  await repo.insertLedgerEntry(db, {
    userId: refund.userId,
    kind: 'refund',
    coinsDelta: -coins,
    bonusesDelta: -bonuses,
    packageId: refund.packageId,
    purchaseId: refund.purchaseId,
  });
  return { coins, bonuses };
}

/**
 * An invitation's reward: these viewers' bonuses, each with an `invitation` ledger row, in the caller's transaction
 * (the one that recorded the invitation), so the reward and its record commit together or not at all.
 */
export async function creditInvitation(db: Executor, userIds: string[], bonuses: number): Promise<void> {
  await repo.lockUsers(db, userIds);
  for (const userId of userIds) await repo.creditUser(db, userId, { coins: 0, bonuses });
  await repo.insertLedgerEntries(
    db,
    userIds.map((userId) => ({ userId, kind: 'invitation' as const, coinsDelta: 0, bonusesDelta: bonuses })),
  );
}

function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** One check-in per user per UTC day; a second one the same day changes nothing. */
export async function dailyCheckIn(
  db: Database,
  userId: string,
  start: ViewerStart,
  now = new Date(),
): Promise<CheckInReply> {
  return db.transaction(async (tx) => {
    await ensureViewers(tx, [userId], start);
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

export async function listUnlockedEpisodes(
  db: Database,
  userId: string,
  seriesId?: number,
): Promise<UnlockedEpisode[]> {
  const rows = await repo.unlocksInOrder(db, userId, seriesId);
  return rows.map((row) => ({
    seriesId: row.seriesId,
    episodeNumber: row.episodeNumber,
    unlockedAt: row.createdAt.toISOString(),
  }));
}

export async function listTransactions(db: Database, userId: string, limit: number): Promise<LedgerEntry[]> {
  return (await repo.ledgerNewestFirst(db, userId, limit)).map((row) => toLedgerEntry(row));
}

/** The last 8 characters of a viewer's id: what their profile shows and support asks for. */
export function viewerUid(userId: string): string {
  return userId.slice(-8);
}

/** A viewer as support sees them: balance, ledger (reasons included) and unlocks, found by UID or id. */
export async function lookUpViewer(db: Database, uid: string): Promise<ViewerAccount> {
  const row = await findOneViewer(db, uid);
  const [ledger, unlocked] = await Promise.all([
    repo.ledgerNewestFirst(db, row.id, 200),
    listUnlockedEpisodes(db, row.id),
  ]);
  return {
    ...toUser(row),
    uid: viewerUid(row.id),
    ledger: ledger.map((entry) => toLedgerEntry(entry, true)),
    unlocks: unlocked,
  };
}

async function findOneViewer(db: Executor, uid: string): Promise<repo.UserRow> {
  const rows = await repo.findUsersByUid(db, uid);
  const exact = rows.find((row) => row.id === uid);
  if (exact) return exact;
  if (rows.length === 0) throw notFound(`No viewer has the UID ${uid}.`);
  if (rows.length > 1) throw conflict(`More than one viewer has a UID ending ${uid}: enter their whole id.`, 'uid');
  return rows[0]!;
}

/**
 * Support grants coins (positive) or takes them back (negative), with a reason the ledger keeps. Taking back
 * more than the viewer holds is refused; bonuses are never touched.
 */
export async function grantCoins(
  db: Database,
  uid: string,
  grant: { coins: number; reason: string },
): Promise<{ before: User; after: User }> {
  return db.transaction(async (tx) => {
    const found = await findOneViewer(tx, uid);
    const [locked] = await repo.lockUsers(tx, [found.id]);
    if (!locked) throw noSuchUser();
    if (locked.coins + grant.coins < 0) {
      throw invalid(`This viewer has ${locked.coins} coins: you can take back at most that many.`, 'coins');
    }
    const after = await repo.creditUser(tx, locked.id, { coins: grant.coins, bonuses: 0 });
    await repo.insertLedgerEntry(tx, {
      userId: locked.id,
      kind: 'grant',
      coinsDelta: grant.coins,
      bonusesDelta: 0,
      reason: grant.reason,
    });
    return { before: toUser(locked), after: toUser(after!) };
  });
}

/**
 * Everything of a guest's wallet becomes the account's when they sign in: the balance (a `transfer` entry on each
 * side), unlocks, check-in days (so today's is not taken twice) and stored Idempotency-Key answers (a retried
 * purchase replays, not pays twice). Runs in the caller's transaction, which holds both viewers' locks.
 */
export async function bringAlongWallet(
  db: Executor,
  guest: { id: string; coins: number; bonuses: number },
  accountId: string,
) {
  await repo.transferBalance(db, guest, accountId, 'Brought along at sign-in');
  await repo.moveUnlocksCheckInsAndKeys(db, guest.id, accountId);
}

/** All of a viewer's wallet, as "Download my data" gives it: balance, every ledger entry, unlocks, check-in days. */
export async function walletDataOf(db: Database, userId: string, start: ViewerStart) {
  const [user, ledger, unlocked, checkIns] = await Promise.all([
    getUser(db, userId, start),
    repo.ledgerOldestFirst(db, userId),
    listUnlockedEpisodes(db, userId),
    repo.checkInDays(db, userId),
  ]);
  return { balance: user, ledger: ledger.map((row) => toLedgerEntry(row)), unlocks: unlocked, checkIns };
}

/**
 * A deleted account's unlocks, check-in days and stored answers are removed (in the caller's transaction); its
 * ledger rows stay, for the books, with its balance, which nobody can spend any more.
 */
export function forgetWallet(db: Executor, userId: string): Promise<void> {
  return repo.deleteUnlocksCheckInsAndKeys(db, userId);
}

/** How long a purchase's Idempotency-Key keeps its answer: a retry comes within seconds, not days. */
export const IDEMPOTENCY_KEY_HOURS = 24;

export function forgetOldIdempotencyKeys(db: Executor, now = new Date()): Promise<number> {
  return repo.deleteIdempotencyKeysBefore(db, new Date(now.getTime() - IDEMPOTENCY_KEY_HOURS * 3600_000));
}
