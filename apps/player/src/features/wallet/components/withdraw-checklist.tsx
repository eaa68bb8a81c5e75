import { useNavigate } from '@tanstack/react-router';
import { Button } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import type { ExchangeInfo, LockingBonus, WithdrawCheck } from '@playhall/contract';
import { paths } from '../../../lib/paths.ts';
import { formatMoney, formatMoneyExact } from '../../../lib/money.ts';
import { openChecks, turnoverPercent, unnamedLocked } from '../api/withdraw-rules.ts';

/** Where the withdraw screen lives, so the account form can bring the player back to it. */
const WITHDRAW_HREF = `${paths.wallets}?name=withdraw`;

/**
 * The bonuses that lock coin now, newest first: each one's name, the exact amount it locks and the
 * turnover it added (decision 026: a player adds these up to the locked figure above).
 */
function LockingBonuses({ check }: { check: Extract<WithdrawCheck, { key: 'turnover' }> }) {
  const { t, i18n } = useTranslation();
  const x = (v: number) => formatMoneyExact(v, i18n.language);
  const rest = unnamedLocked(check);
  if (check.bonuses.length === 0 && rest === 0) return null;
  const name = (b: LockingBonus) =>
    b.activityName ?? (b.activityType ? t(`rewards.types.${b.activityType}`, { defaultValue: t('rewards.awards.other') }) : t('rewards.awards.other'));
  return (
    <div className="withdraw-bonuses">
      <p className="withdraw-bonuses__title" id="withdraw-bonuses-title">{t('withdraw.check.bonuses')}</p>
      <ul className="withdraw-bonuses__list" aria-labelledby="withdraw-bonuses-title" data-testid="locking-bonuses">
        {check.bonuses.map((b, i) => (
          <li key={`${b.at}-${i}`} className="withdraw-bonus" data-testid="locking-bonus">
            <span className="withdraw-bonus__name" data-testid="locking-bonus-name">{name(b)}</span>
            <span className="withdraw-bonus__figures" data-testid="locking-bonus-figures">
              {t('withdraw.check.bonusFigures', { locked: x(b.amount), turnover: x(b.turnover) })}
            </span>
          </li>
        ))}
        {rest > 0 && (
          <li className="withdraw-bonus" data-testid="locking-bonus">
            <span className="withdraw-bonus__name" data-testid="locking-bonus-name">{t('withdraw.check.bonusEarlier')}</span>
            <span className="withdraw-bonus__figures" data-testid="locking-bonus-figures">{t('withdraw.check.bonusEarlierFigures', { locked: x(rest) })}</span>
          </li>
        )}
      </ul>
    </div>
  );
}

function CheckLine({ check, info }: { check: WithdrawCheck; info: ExchangeInfo }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const m = (v: number) => formatMoney(v, i18n.language);
  switch (check.key) {
    case 'turnover': {
      const percent = turnoverPercent(check);
      // Exact figures (decision 026): the bonuses below add up to `locked`, their turnovers to `required`.
      const x = (v: number) => formatMoneyExact(v, i18n.language);
      return (
        <li className="withdraw-check" data-testid="check-turnover">
          <p className="withdraw-check__text">{t('withdraw.check.turnover', { remaining: x(check.remaining), locked: x(check.locked) })}</p>
          <div className="withdraw-progress" role="progressbar" aria-label={t('withdraw.check.turnoverBar')}
            aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
            <span className="withdraw-progress__fill" style={{ width: `${percent}%` }} />
          </div>
          <p className="withdraw-check__hint">{t('withdraw.check.turnoverProgress', { played: x(check.played), required: x(check.required) })}</p>
          <LockingBonuses check={check} />
        </li>
      );
    }
    case 'account':
      return (
        <li className="withdraw-check withdraw-check--action" data-testid="check-account">
          <p className="withdraw-check__text">{t('withdraw.check.account')}</p>
          <Button size="small" color="primary" shape="rounded" data-testid="check-add-account"
            onClick={() => void navigate({ to: paths.cardEdit, search: { redirect: WITHDRAW_HREF } })}>
            {t('cards.add')}
          </Button>
        </li>
      );
    case 'dailyCount':
      return (
        <li className="withdraw-check" data-testid="check-dailyCount">
          <p className="withdraw-check__text">{t('withdraw.check.dailyCount', { used: check.used, limit: check.limit })}</p>
        </li>
      );
    case 'dailyAmount':
      return (
        <li className="withdraw-check" data-testid="check-dailyAmount">
          <p className="withdraw-check__text">{t('withdraw.check.dailyAmount', { limit: m(check.limit) })}</p>
        </li>
      );
    case 'minimum':
      return (
        <li className="withdraw-check" data-testid="check-minimum">
          <p className="withdraw-check__text">
            {info.channels.length === 0
              ? t('withdraw.noChannels')
              : t('withdraw.check.minimum', { min: m(check.minAmount), available: m(info.maxAmount) })}
          </p>
        </li>
      );
  }
}

/**
 * Product rules §2: the player sees exactly why an amount is not withdrawable, one plain line per
 * reason. Nothing shows when every line is ok.
 */
export function WithdrawChecklist({ info }: { info: ExchangeInfo }) {
  const { t } = useTranslation();
  const open = openChecks(info.checklist);
  if (open.length === 0) return null;
  // Only locked bonus: the rest can still be withdrawn, so this is information, not a stop sign.
  const blocking = open.some((c) => c.key !== 'turnover');
  return (
    <section className={blocking ? 'card withdraw-checklist withdraw-checklist--blocking' : 'card withdraw-checklist'}
      data-testid="withdraw-checklist" aria-live="polite">
      <h2 className="section-title">{t(blocking ? 'withdraw.check.titleBlocked' : 'withdraw.check.titleLocked')}</h2>
      <ul className="withdraw-checklist__list">
        {open.map((c) => <CheckLine key={c.key} check={c} info={info} />)}
      </ul>
    </section>
  );
}
