import { randomUUID } from 'node:crypto';
import type { VipCheckoutReply, VipPortalReply } from '#contract/index.ts';
import type { Database } from '../../db/client.ts';
import { conflict, DomainError, notFound } from '../../errors.ts';
import {
  minorUnits,
  type PaymentEvent,
  type ProviderPayments,
  type SubscriptionSnapshot,
} from '../../payments/payments.ts';
import { hasPlayingPass, recordProviderSubscription, SIGN_IN_FOR_VIP } from '../passes/passes.service.ts';
import { claimEvent } from './payments.repository.ts';
import * as customers from './customers.repository.ts';
import { withProvider } from './provider-calls.ts';

export interface VipSale {
  accountId: string;
  /** Signed in to that account (a guest's pass would be lost with the browser's cookie). */
  signedIn: boolean;
  publicOrigin: string;
  /** The weekly price, in the payments currency's main unit, and the product's name: the server's, never the client's. */
  price: number;
  productName: string;
}

/** The account's customer at the provider: made once (by a key of the account, so two taps make one), then reused. */
async function customerOf(db: Database, payments: ProviderPayments, accountId: string): Promise<string> {
  const known = await customers.customerOfAccount(db, accountId);
  if (known) return known;
  const made = await withProvider(() =>
    payments.createCustomer({ viewerId: accountId, idempotencyKey: `customer-${accountId}` }),
  );
  await customers.saveCustomer(db, accountId, made);
  return (await customers.customerOfAccount(db, accountId))!;
}

/**
 * The weekly VIP pass through the provider's Checkout in subscription mode. Nothing of the pass is written here: it
 * starts when the provider's events say the subscription is paid.
 */
export async function startVipCheckout(
  db: Database,
  payments: ProviderPayments,
  sale: VipSale,
): Promise<VipCheckoutReply> {
  if (!sale.signedIn) throw new DomainError('unauthenticated', SIGN_IN_FOR_VIP);
  if (await hasPlayingPass(db, sale.accountId)) throw conflict('You already have a VIP pass.');
  const customerId = await customerOf(db, payments, sale.accountId);
  const back = `${sale.publicOrigin}/profile?vip=`;
  const checkout = await withProvider(() =>
    payments.startCheckout({
      mode: 'subscription',
      reference: `vip_${randomUUID()}`,
      viewerId: sale.accountId,
      customerId,
      item: {
        name: sale.productName,
        amountMinor: minorUnits(sale.price, payments.currency),
        currency: payments.currency,
        interval: 'week',
      },
      successUrl: `${back}paid`,
      cancelUrl: `${back}cancelled`,
    }),
  );
  return { checkoutUrl: checkout.url };
}

/** "Manage": the provider's customer portal for the account's subscription, coming back to the profile. */
export async function openVipPortal(
  db: Database,
  payments: ProviderPayments,
  request: { accountId: string; signedIn: boolean; publicOrigin: string },
): Promise<VipPortalReply> {
  if (!request.signedIn) throw new DomainError('unauthenticated', SIGN_IN_FOR_VIP);
  const customerId = await customers.customerOfAccount(db, request.accountId);
  if (!customerId) throw notFound('You have no VIP pass to manage.');
  const url = await withProvider(() => payments.openPortal(customerId, `${request.publicOrigin}/profile`));
  return { url };
}

type SubscriptionEvent = PaymentEvent & {
  kind: 'subscription_checkout' | 'subscription_changed' | 'subscription_invoice';
};

/**
 * A subscription's event: a subscription event carries its state; a completed checkout or an invoice (paid, or
 * its payment failed) names the subscription, whose state is read from the provider then. The account is the one
 * whose customer it is (none of ours: ignored). Claimed by the event's id in the transaction that records it.
 */
export async function subscriptionEvent(
  db: Database,
  payments: ProviderPayments,
  event: SubscriptionEvent,
): Promise<'done' | 'ignored'> {
  const subscription: SubscriptionSnapshot =
    event.kind === 'subscription_changed'
      ? event.subscription
      : await withProvider(() => payments.readSubscription(event.subscriptionId));
  const accountId = await customers.accountOfCustomer(db, subscription.customerId);
  if (!accountId) return 'ignored';
  return db.transaction(async (tx): Promise<'done'> => {
    if (!(await claimEvent(tx, event))) return 'done';
    await recordProviderSubscription(tx, {
      accountId,
      subscriptionId: subscription.id,
      customerId: subscription.customerId,
      status: subscription.status,
      currentPeriodEnd: subscription.currentPeriodEnd,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    });
    return 'done';
  });
}
