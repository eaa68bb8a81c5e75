import type { OperatorAlert, OperatorAlertKind, OperatorAlertPage } from '@playhall/contract';
import type { Db } from '../../db/client.ts';
import { toMoney } from '../../lib/money.ts';
import * as repo from './operator-alerts.repo.ts';

const iso = (d: Date | string) => new Date(d).toISOString();

function toAlert(r: repo.AlertRow): OperatorAlert {
  return {
    id: Number(r.id),
    kind: r.kind,
    subject: r.subject,
    userId: r.user_id === null ? null : Number(r.user_id),
    message: r.message,
    details: r.details,
    occurrences: r.occurrences,
    amountTotal: toMoney(r.amount_total),
    firstAt: iso(r.first_at),
    lastAt: iso(r.last_at),
  };
}

/**
 * What the wallet flagged for staff (decision 017): wins refused by their round's cap, and wins
 * paid into rounds already ended, one alert per round and kind.
 */
export function createOperatorAlertsService(deps: { db: Db }) {
  return {
    async list(q: { kind?: OperatorAlertKind; page: number; pageSize: number }): Promise<OperatorAlertPage> {
      const rows = await repo.listAlerts(deps.db, { kind: q.kind, limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
      const total = rows[0] ? Number(rows[0].total) : await repo.countAlerts(deps.db, q.kind);
      return { list: rows.map(toAlert), total, page: q.page, pageSize: q.pageSize };
    },
  };
}
export type OperatorAlertsService = ReturnType<typeof createOperatorAlertsService>;
