import { SearchParamError, useLocation, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { PlainButton as Button } from '../components/ui/plain-button.tsx';
import { useTranslation } from '../lib/i18n.ts';
import { hasChunkFailed } from '../lib/chunk-reload.ts';
import { paths } from '../lib/paths.ts';

/** Unknown path, or a route whose validity check (search schema) failed (spec §2, §8). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const router = useRouter();
  return (
    <section className="error-page" data-testid="not-found">
      <div className="error-page__code" aria-hidden="true">404</div>
      <h1 className="error-page__title">{t('errors.pageNotFound', { path: pathname })}</h1>
      <p className="error-page__hint">{t('errors.pageNotFoundHint')}</p>
      <Button color="primary" shape="rounded" onClick={() => void router.navigate({ to: paths.index })}>
        {t('common.backHome')}
      </Button>
    </section>
  );
}

/** Any other failure while rendering or loading a page (the spec's 500 page). */
export function ServerErrorPage({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  const router = useRouter();
  return (
    <section className="error-page" data-testid="server-error">
      <div className="error-page__code" aria-hidden="true">500</div>
      <h1 className="error-page__title">{t('errors.serverErrorTitle')}</h1>
      <p className="error-page__hint">{t('errors.serverErrorHint')}</p>
      <div className="error-page__actions">
        <Button color="primary" shape="rounded" onClick={onRetry}>
          {t('common.retry')}
        </Button>
        <Button fill="outline" shape="rounded" onClick={() => void router.navigate({ to: paths.index })}>
          {t('common.backHome')}
        </Button>
      </div>
    </section>
  );
}

function isSearchValidationError(error: unknown): boolean {
  return error instanceof SearchParamError || (error as { routerCode?: string } | null)?.routerCode === 'VALIDATE_SEARCH';
}

export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  if (isSearchValidationError(error)) return <NotFoundPage />;
  return (
    <ServerErrorPage
      onRetry={() => {
        // A chunk failed to load (vite:preloadError): retrying means a fresh page of the current release.
        if (hasChunkFailed()) window.location.reload();
        reset();
        void router.invalidate();
      }}
    />
  );
}
