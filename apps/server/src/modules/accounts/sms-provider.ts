import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/tx.ts';
import { insertInboxMessage } from './sms.repo.ts';

export interface SmsMessage {
  mobile: string;
  text: string;
  code: string;
}

/**
 * Delivers a text message. `store` runs inside the transaction that created the code (so the
 * inbox never shows a code that was rolled back); `deliver` runs after commit.
 */
export interface SmsProvider {
  readonly name: 'dev' | 'log';
  store(x: Executor, msg: SmsMessage, now: Date): Promise<void>;
  deliver(msg: SmsMessage): Promise<void>;
}

/** Development provider: logs the message and keeps it in the sms_message inbox (GET /dev/sms-inbox). */
export function createDevSmsProvider(log: FastifyBaseLogger): SmsProvider {
  return {
    name: 'dev',
    store: (x, msg, now) => insertInboxMessage(x, { ...msg, now }),
    async deliver(msg) {
      log.info({ sms: { mobile: msg.mobile, text: msg.text } }, 'SMS (dev provider)');
    },
  };
}

/** Log-only provider: writes the message to the server log and stores nothing readable. */
export function createLogSmsProvider(log: FastifyBaseLogger): SmsProvider {
  return {
    name: 'log',
    async store() {},
    async deliver(msg) {
      log.info({ sms: { mobile: msg.mobile, text: msg.text } }, 'SMS (log provider)');
    },
  };
}
