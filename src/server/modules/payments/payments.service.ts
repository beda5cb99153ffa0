import { randomUUID } from 'node:crypto';
import {
  findCoinPackage,
  type AdminPurchase,
  type RevenueReply,
  type PurchaseCheckoutReply,
  type PurchaseStatus,
  type PurchaseStatusName,
} from '#contract/index.ts';
import type { Database } from '../../db/client.ts';
import { conflict, DomainError, invalid, notFound } from '../../errors.ts';
import {
  minorUnits,
  PaymentsUnavailable,
  type CheckoutState,
  type PaymentEvent,
  type ProviderPayments,
} from '../../payments/payments.ts';
import { creditPaidPurchase, takeBackForRefund, viewerUid } from '../wallet/wallet.service.ts';
import { viewersOfWrite, type ViewerStart } from '../viewers/viewers.service.ts';
import { withProvider } from './provider-calls.ts';
import * as repo from './payments.repository.ts';
import { subscriptionEvent } from './subscriptions.service.ts';

// The VIP pass's subscription, reached by other modules through this service.
export { openVipPortal, startVipCheckout } from './subscriptions.service.ts';

/** Checkout sessions a viewer may leave unpaid in an hour before a new one is refused. */
export const UNPAID_SESSIONS_PER_HOUR = 10;

const tooManyUnpaid = () =>
  new DomainError(
    'too_many',
    `You have ${UNPAID_SESSIONS_PER_HOUR} unpaid purchases from the last hour: finish one, or try again later.`,
  );

/**
 * A coin package bought through the provider's Checkout: the amount, currency and name come from our package table,
 * never from the client. The purchase row is written only once the provider made the session, in one transaction
 * that also counts the viewer's unpaid sessions, so an unreachable provider leaves nothing behind. A viewer whose
 * first write this is gets their row in that transaction (decision 049): a refusal rolls it back with the rest.
 */
export async function startPurchase(
  db: Database,
  payments: ProviderPayments,
  purchase: { viewerId: string; packageId: string; publicOrigin: string; start: ViewerStart },
): Promise<PurchaseCheckoutReply> {
  const pkg = findCoinPackage(purchase.packageId);
  if (!pkg) {
    throw invalid(`Unknown coin package "${purchase.packageId}". Choose one of the offered packages.`, 'packageId');
  }
  const purchaseId = randomUUID();
  const amountMinor = minorUnits(pkg.price, payments.currency);
  const back = `${purchase.publicOrigin}/rewards?purchase=${purchaseId}`;
  return db.transaction(async (tx) => {
    await viewersOfWrite(tx, [purchase.viewerId], purchase.start);
    await repo.lockPurchaseStarts(tx, purchase.viewerId);
    const since = new Date(Date.now() - 3600_000);
    if ((await repo.countUnpaidSince(tx, purchase.viewerId, since)) >= UNPAID_SESSIONS_PER_HOUR) throw tooManyUnpaid();
    const checkout = await withProvider(() =>
      payments.startCheckout({
        mode: 'payment',
        reference: purchaseId,
        viewerId: purchase.viewerId,
        item: { name: `${pkg.coins + pkg.bonus} coins`, amountMinor, currency: payments.currency },
        successUrl: back,
        cancelUrl: `${back}&cancelled=1`,
      }),
    );
    await repo.insertPurchase(tx, {
      id: purchaseId,
      userId: purchase.viewerId,
      packageId: pkg.id,
      amountMinor,
      currency: payments.currency,
      coins: pkg.coins,
      bonuses: pkg.bonus,
      checkoutSessionId: checkout.sessionId,
    });
    return { purchaseId, checkoutUrl: checkout.url };
  });
}

export function toPurchaseStatus(row: repo.PurchaseRow): PurchaseStatus {
  return {
    id: row.id,
    status: row.status,
    packageId: row.packageId,
    coins: row.coins,
    bonuses: row.bonuses,
    totalCoins: row.coins + row.bonuses,
    amount: row.amountMinor,
    currency: row.currency,
    receiptUrl: row.receiptUrl,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}

/**
 * The viewer's own purchase (another's is 404). While it waits for its payment the provider is asked how the
 * checkout stands, so the return page credits a paid purchase even before the webhook arrives.
 */
export async function purchaseStatusOf(
  db: Database,
  payments: ProviderPayments | null,
  viewerId: string,
  purchaseId: string,
): Promise<PurchaseStatus> {
  const row = await repo.findPurchase(db, purchaseId);
  if (!row || row.userId !== viewerId) throw notFound('No such purchase');
  if (row.status !== 'pending' || !payments) return toPurchaseStatus(row);
  let checkout: CheckoutState;
  try {
    checkout = await payments.readCheckout(row.checkoutSessionId);
  } catch (error) {
    // The provider is away: the purchase is still waiting, as far as anyone can tell.
    if (error instanceof PaymentsUnavailable) return toPurchaseStatus(row);
    throw error;
  }
  if (checkout.paid && matches(row, checkout)) await creditOnce(db, row.id, checkout);
  else if (checkout.status === 'expired') await repo.markClosed(db, row.id, row.checkoutSessionId, 'expired');
  return toPurchaseStatus((await repo.findPurchase(db, purchaseId))!);
}

/** The session is this purchase's, for its amount in its currency. */
function matches(row: repo.PurchaseRow, checkout: CheckoutState): boolean {
  return (
    checkout.sessionId === row.checkoutSessionId &&
    checkout.amountMinor === row.amountMinor &&
    checkout.currency?.toLowerCase() === row.currency
  );
}

/** pending → paid with its credit, in one transaction; false when someone else got there first. */
async function creditOnce(
  db: Database,
  purchaseId: string,
  checkout: CheckoutState,
  event?: { id: string; type: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (event && !(await repo.claimEvent(tx, event))) return false;
    const paid = await repo.markPaid(tx, purchaseId, checkout);
    if (!paid) return false;
    await creditPaidPurchase(tx, paid);
    return true;
  });
}

/** A webhook delivery that must not be acted on: answered 400, nothing written. */
export const refusedEvent = (message: string) => invalid(message);

/**
 * Acts on one signed event of the provider. Each is claimed by its id in the transaction that acts on it, so a
 * redelivery, or the same event reaching two instances at once, acts once (the primary key decides).
 */
export async function handlePaymentEvent(
  db: Database,
  payments: ProviderPayments,
  event: PaymentEvent,
): Promise<'done' | 'ignored'> {
  switch (event.kind) {
    case 'checkout_paid':
    case 'checkout_expired':
    case 'checkout_failed':
      return checkoutEvent(db, payments, event);
    case 'refunded':
    case 'disputed':
      return takeBackEvent(db, payments, event);
    case 'subscription_checkout':
    case 'subscription_changed':
    case 'subscription_invoice':
      return subscriptionEvent(db, payments, event);
    default:
      return 'ignored';
  }
}

async function checkoutEvent(
  db: Database,
  payments: ProviderPayments,
  event: PaymentEvent & { kind: 'checkout_paid' | 'checkout_expired' | 'checkout_failed' },
): Promise<'done' | 'ignored'> {
  const checkout = event.checkout;
  const row = checkout.reference ? await repo.findPurchase(db, checkout.reference) : undefined;
  // Another app's checkout on the same Stripe account: none of ours.
  if (!row) return 'ignored';
  if (row.checkoutSessionId !== checkout.sessionId) {
    throw refusedEvent('This checkout session does not belong to the purchase it names.');
  }
  if (event.kind !== 'checkout_paid') {
    await db.transaction(async (tx) => {
      if (await repo.claimEvent(tx, event)) {
        await repo.markClosed(
          tx,
          row.id,
          row.checkoutSessionId,
          event.kind === 'checkout_expired' ? 'expired' : 'failed',
        );
      }
    });
    return 'done';
  }
  if (!matches(row, checkout)) {
    throw refusedEvent(
      `The session's amount (${checkout.amountMinor} ${checkout.currency}) is not the purchase's (${row.amountMinor} ${row.currency}).`,
    );
  }
  const credited = await creditOnce(db, row.id, checkout, event);
  if (credited && (!checkout.chargeId || !checkout.receiptUrl)) await fetchReceipt(db, payments, row);
  return 'done';
}

/** The event's session names its payment, not the charge's receipt: asked for once the coins are credited. */
async function fetchReceipt(db: Database, payments: ProviderPayments, row: repo.PurchaseRow) {
  try {
    const checkout = await payments.readCheckout(row.checkoutSessionId);
    await repo.noteReceipt(db, row.id, checkout);
  } catch (error) {
    // The coins are credited; the receipt link is a convenience the provider can give another time.
    if (!(error instanceof PaymentsUnavailable)) throw error;
  }
}

/** What a refund of `refundedMinor` out of `amountMinor` takes back of `credited`, rounded to the nearest coin. */
export function shareOf(credited: number, refundedMinor: number, amountMinor: number): number {
  return Math.round((credited * Math.min(refundedMinor, amountMinor)) / amountMinor);
}

const TAKEN_BACK_FROM: readonly PurchaseStatusName[] = ['paid', 'partially_refunded', 'refunded', 'disputed'];

async function takeBackEvent(
  db: Database,
  payments: ProviderPayments,
  event: PaymentEvent & { kind: 'refunded' | 'disputed' },
): Promise<'done' | 'ignored'> {
  const refundedSoFar =
    event.kind === 'refunded'
      ? (event.refundedMinor ?? (await withProvider(() => payments.refundedSoFar(event.chargeId))))
      : null;
  return db.transaction(async (tx) => {
    const row = await repo.lockPurchaseOfPayment(tx, event);
    if (!row || !TAKEN_BACK_FROM.includes(row.status)) return 'ignored';
    if (!(await repo.claimEvent(tx, event))) return 'done';
    const refunded = refundedSoFar === null ? row.amountMinor : Math.max(row.refundedMinor, refundedSoFar);
    const accounted = row.coinsReclaimed + row.bonusesReclaimed + row.coinsNotRecovered;
    const owedCoins = Math.max(0, shareOf(row.coins, refunded, row.amountMinor) - row.coinsReclaimed);
    const owed = Math.max(
      0,
      shareOf(row.coins, refunded, row.amountMinor) + shareOf(row.bonuses, refunded, row.amountMinor) - accounted,
    );
    const status: PurchaseStatusName =
      event.kind === 'disputed' ? 'disputed' : refunded >= row.amountMinor ? 'refunded' : 'partially_refunded';
    if (owed === 0 && status === row.status && refunded === row.refundedMinor) return 'done';
    const taken =
      owed === 0
        ? { coins: 0, bonuses: 0 }
        : await takeBackForRefund(tx, {
            userId: row.userId,
            purchaseId: row.id,
            packageId: row.packageId,
            owedCoins: Math.min(owedCoins, owed),
            owedBonuses: owed - Math.min(owedCoins, owed),
          });
    await repo.recordTakenBack(tx, row.id, {
      status: row.status === 'disputed' ? 'disputed' : status,
      refundedMinor: event.kind === 'disputed' ? row.refundedMinor : refunded,
      coinsReclaimed: row.coinsReclaimed + taken.coins,
      bonusesReclaimed: row.bonusesReclaimed + taken.bonuses,
      coinsNotRecovered: row.coinsNotRecovered + owed - taken.coins - taken.bonuses,
    });
    return 'done';
  });
}

export function toAdminPurchase(row: repo.PurchaseRow): AdminPurchase {
  return {
    id: row.id,
    viewerUid: viewerUid(row.userId),
    viewerId: row.userId,
    packageId: row.packageId,
    amount: row.amountMinor,
    currency: row.currency,
    status: row.status,
    coins: row.coins,
    bonuses: row.bonuses,
    refundedAmount: row.refundedMinor,
    coinsTakenBack: row.coinsReclaimed + row.bonusesReclaimed,
    coinsNotRecovered: row.coinsNotRecovered,
    checkoutSessionId: row.checkoutSessionId,
    paymentIntentId: row.paymentIntentId,
    receiptUrl: row.receiptUrl,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}

export async function listPurchasesForOperators(
  db: Database,
  filter: { status?: PurchaseStatusName; before?: string; limit: number },
): Promise<AdminPurchase[]> {
  const rows = await repo.listPurchases(db, {
    status: filter.status,
    before: filter.before ? new Date(filter.before) : undefined,
    limit: filter.limit,
  });
  return rows.map(toAdminPurchase);
}

const REFUNDABLE: readonly PurchaseStatusName[] = ['paid', 'partially_refunded'];

/**
 * An operator asks the provider to refund a paid purchase (all that is left of it, or `amountMinor`). Nothing
 * changes here yet: the coins are taken back when the provider's event confirms the refund.
 */
export async function requestRefund(
  db: Database,
  payments: ProviderPayments | null,
  purchaseId: string,
  amountMinor?: number,
): Promise<{ purchase: AdminPurchase; refund: { refundId: string; status: string } }> {
  if (!payments) throw conflict('No payment provider is configured here: preview purchases charged nothing.');
  const row = await repo.findPurchase(db, purchaseId);
  if (!row) throw notFound('No such purchase');
  if (!REFUNDABLE.includes(row.status) || !row.paymentIntentId) {
    throw conflict(`This purchase is ${row.status.replace('_', ' ')}: only a paid purchase can be refunded.`);
  }
  const left = row.amountMinor - row.refundedMinor;
  if (amountMinor !== undefined && amountMinor > left) {
    throw invalid(`At most ${left} (minor units of ${row.currency}) is left to refund.`, 'amount');
  }
  const refund = await withProvider(() =>
    payments.refund({
      paymentIntentId: row.paymentIntentId!,
      amountMinor,
      reference: row.id,
      // One refund per purchase, amount and what was refunded before: a double click asks once.
      idempotencyKey: `refund-${row.id}-${row.refundedMinor}-${amountMinor ?? left}`,
    }),
  );
  return { purchase: toAdminPurchase(row), refund };
}

/** Paid minus refunded per UTC day and currency, from `from` to `to` (both days included); the preview apart. */
export async function revenue(db: Database, from: string, to: string): Promise<RevenueReply> {
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(new Date(`${to}T00:00:00Z`).getTime() + 86_400_000);
  if (!(start < end)) throw invalid('from must be on or before to', 'from');
  const [days, preview] = await Promise.all([
    repo.revenueByDay(db, start, end),
    repo.previewPurchasesByDay(db, start, end),
  ]);
  return {
    days: days.map((day) => ({
      day: day.day,
      currency: day.currency,
      purchases: day.purchases,
      paid: day.paidMinor,
      refunded: day.refundedMinor,
      net: day.paidMinor - day.refundedMinor,
    })),
    preview,
  };
}
