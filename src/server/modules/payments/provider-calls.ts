import { unavailable } from '../../errors.ts';
import { PaymentsUnavailable } from '../../payments/payments.ts';

export const PAYMENTS_UNAVAILABLE = 'Payments are unavailable, try again';

/** A call to the payment provider; when it cannot be reached the buyer is told to try again (503). */
export async function withProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PaymentsUnavailable) throw unavailable(PAYMENTS_UNAVAILABLE);
    throw error;
  }
}
