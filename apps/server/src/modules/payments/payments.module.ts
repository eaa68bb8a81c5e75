import type { Config } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PaymentProvider } from './payments.types.ts';
import { createSandboxProvider, type SandboxProvider } from './sandbox-provider.ts';

export { SANDBOX_PAY_PATH, SANDBOX_WEBHOOK_PATH, type SandboxProvider } from './sandbox-provider.ts';

/**
 * The payment providers this server serves, shared by deposits (pay-ins, webhooks) and withdrawals
 * (payouts). The sandbox's pay page lets the paying player approve their own order, so production
 * never has it (decision 014): there a channel needs a real provider.
 */
export function createPaymentProviders(
  config: Pick<Config, 'nodeEnv' | 'sandboxPaymentSecret'>,
  clock: Clock,
): { sandbox: SandboxProvider | undefined; providers: Record<string, PaymentProvider> } {
  if (config.nodeEnv === 'production') return { sandbox: undefined, providers: {} };
  const sandbox = createSandboxProvider(config.sandboxPaymentSecret, clock);
  return { sandbox, providers: { [sandbox.id]: sandbox } };
}
