import type { Config } from '../config.ts';
import type { Payments } from './payments.ts';
import { previewPayments } from './preview-payments.ts';
import { stripePayments } from './stripe-payments.ts';

/** The payments the configuration asks for: Stripe where its key is set, else the preview. */
export function openPayments(settings: Config['payments']): Payments {
  return settings.kind === 'stripe' ? stripePayments(settings) : previewPayments(settings.currency);
}
