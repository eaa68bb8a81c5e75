import Button from 'antd-mobile/es/components/button';
import { useTranslation } from '../../lib/i18n.ts';

/** A failed load says so and offers the way forward. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="card empty-state" role="alert">
      <p>{t('errors.loadFailed')}</p>
      <Button color="primary" shape="rounded" onClick={onRetry}>{t('common.retry')}</Button>
    </div>
  );
}
