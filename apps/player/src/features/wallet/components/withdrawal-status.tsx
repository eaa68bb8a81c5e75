import { useTranslation } from '../../../lib/i18n.ts';
import type { WithdrawalStatus } from '@playhall/contract';

/** A request's status as a coloured chip: gold while it waits, green when paid, red when it came back. */
export function WithdrawalStatusChip({ status }: { status: WithdrawalStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`status-chip status-chip--${status}`} data-testid="withdrawal-status" data-status={status}>
      {t(`withdrawal.status.${status}`)}
    </span>
  );
}
