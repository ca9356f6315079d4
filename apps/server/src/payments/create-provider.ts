import type { Pool } from 'pg';
import type { Config } from '../config.ts';
import type { PaymentProvider } from './provider.ts';
import { StripeProvider } from './stripe.ts';
import { TestProcessor } from './test-processor.ts';

/** The provider `PAYMENTS` names: the built-in test processor (on the app's database) or Stripe. */
export function createPaymentProvider(config: Config, pool: Pool): PaymentProvider {
  return config.payments.provider === 'stripe' ? new StripeProvider(config.payments) : new TestProcessor(pool);
}
