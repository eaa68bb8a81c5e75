import { useState } from 'react';
import { Button, Collapse } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import { ActivityType, type ContentSlug, type CustomerServiceItem } from '@playhall/contract';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { CardSkeleton, ListSkeleton } from '../../../components/ui/skeletons.tsx';
import { SupportIcon } from '../../../components/ui/icons.tsx';
import { Money } from '../../../components/ui/money.tsx';
import { useFullAppConfig, usePreLogin } from '../../../lib/queries.ts';
import { isInstalledApp, useInstallOffer } from '../../../lib/pwa.ts';
import { useReceive } from '../../../lib/claims.ts';
import { activitiesOfType, useActivities, useHasRecordOf } from '../../../lib/rewards.ts';
import { useIsLoggedIn } from '../../../lib/session.ts';
import { InstallOfferBody } from '../../../components/ui/install-offer.tsx';
import { useContentPage, useServiceQueue } from '../api/content-api.ts';
import { isEmail, isWebLink, ONLINE_SERVICE, openServiceItem, opensNativeChat, withNativeChat } from '../api/service-chat.ts';
import { RichText } from '../components/rich-text.tsx';
import { LoadError } from '../components/load-error.tsx';

function ContentPage({ slug, children }: { slug: ContentSlug; children?: React.ReactNode }) {
  const { t, i18n } = useTranslation();
  const page = useContentPage(slug);
  if (page.isPending) return <div className="page"><CardSkeleton lines={8} /></div>;
  if (page.isError) return <div className="page"><LoadError onRetry={() => void page.refetch()} /></div>;
  return (
    <article className="page">
      <div className="card">
        <h2 className="content-title">{page.data.title}</h2>
        <RichText text={page.data.body} />
        <p className="muted small">
          {t('content.updated', { date: new Date(page.data.updatedAt).toLocaleDateString(i18n.language) })}
        </p>
      </div>
      {children}
    </article>
  );
}

export const AboutUsPage = () => <ContentPage slug="about-us" />;
export const PrivacyPolicyPage = () => <ContentPage slug="privacy-policy" />;
export const TermsOfUsePage = () => <ContentPage slug="terms-of-use" />;

/** In the installed app (decision 030): the download bonus, to the cent, with Receive, until it is received. */
function DownloadBonusClaim() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const [installed] = useState(isInstalledApp);
  const download = activitiesOfType(useActivities().data, [ActivityType.download])[0];
  const received = useHasRecordOf(ActivityType.download, Boolean(loggedIn && installed && download));
  const { busy, receive } = useReceive();
  if (!download || !loggedIn || !installed || received.data !== false) return null;
  const amount = typeof download.detail.amount === 'number' ? download.detail.amount : null;
  return (
    <div className="card download-actions" data-testid="download-bonus">
      <h3 className="install-offer__title" style={{ margin: 0 }}>{download.name}</h3>
      {amount !== null && <Money value={amount} exact className="download-bonus__amount" testId="download-bonus-amount" />}
      <Button block color="primary" size="large" shape="rounded" loading={busy} onClick={() => void receive(download)} data-testid="download-bonus-receive">
        {t('rewards.receive')}
      </Button>
    </div>
  );
}

/** The page's text says how to add Playhall to the home screen; the card only adds what the browser offers. */
export function DownloadPage() {
  const { t } = useTranslation();
  const installPrompt = useInstallOffer();
  const downloadUrl = usePreLogin().data?.h5.downloadUrl;
  const appLink = downloadUrl && isWebLink(downloadUrl) ? downloadUrl : null;
  return (
    <ContentPage slug="download">
      <DownloadBonusClaim />
      {(installPrompt || appLink) && (
        <div className="card download-actions" data-testid="install-offer">
          {installPrompt && <InstallOfferBody />}
          {appLink && (
            <Button block fill="outline" shape="rounded" onClick={() => void window.open(appLink, '_blank', 'noopener')}>
              {t('download.getApp')}
            </Button>
          )}
        </div>
      )}
    </ContentPage>
  );
}

export function FaqPage() {
  const { t } = useTranslation();
  const config = useFullAppConfig();
  if (config.isPending) return <div className="page"><ListSkeleton rows={6} /></div>;
  if (config.isError) return <div className="page"><LoadError onRetry={() => void config.refetch()} /></div>;
  const faq = [...config.data.faq].sort((a, b) => a.sort - b.sort);
  return (
    <div className="page">
      {faq.length === 0 ? (
        <div className="card empty-state"><p>{t('faq.empty')}</p></div>
      ) : (
        <Collapse accordion className="faq-list">
          {faq.map((item) => (
            <Collapse.Panel key={String(item.id)} title={item.question}>
              <RichText text={item.answer} />
            </Collapse.Panel>
          ))}
        </Collapse>
      )}
    </div>
  );
}

/** What tapping a support channel does: open a chat or site, write an e-mail, or nothing. */
function ServiceAction({ item }: { item: CustomerServiceItem }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const primary = item.itemType === ONLINE_SERVICE;
  const label = primary ? t('service.chat') : t('service.open');
  const open = () => void openServiceItem(item, (href) => void navigate({ href }));
  if (opensNativeChat(item) || isWebLink(item.param1) || (item.param1.startsWith('/') && item.param1 !== pathname)) {
    return (
      <Button color={primary ? 'primary' : 'default'} shape="rounded" size="small" onClick={open} data-testid="service-open">
        {label}
      </Button>
    );
  }
  if (isEmail(item.param1)) {
    return (
      <a className="adm-button adm-button-default adm-button-shape-rounded adm-button-small service-item__mail" href={`mailto:${item.param1}`}>
        {t('service.email')}
      </a>
    );
  }
  return null;
}

export function ServicePage() {
  const { t } = useTranslation();
  const queue = useServiceQueue();
  const items = withNativeChat(queue.items, t('service.liveChat'));
  return (
    <div className="page">
      <section className="card service-hero">
        <SupportIcon size={36} />
        <div>
          <h1 className="section-title">{t('service.title')}</h1>
          <p className="muted">{t('service.intro')}</p>
        </div>
      </section>
      {queue.isPending && <ListSkeleton rows={3} />}
      {queue.isError && <LoadError onRetry={queue.refetch} />}
      {items?.length === 0 && <div className="card empty-state"><p>{t('service.empty')}</p></div>}
      {items?.map((item) => (
        <section key={item.id} className="card service-item" data-testid="service-item">
          <div className="service-item__text">
            <h2 className="service-item__name">{item.name}</h2>
            {item.itemType !== ONLINE_SERVICE && item.param2 && item.param2 !== item.param1 && <p className="muted small">{item.param2}</p>}
            {item.param1 && !isWebLink(item.param1) && !item.param1.startsWith('/') && <p className="service-item__contact">{item.param1}</p>}
          </div>
          <ServiceAction item={item} />
        </section>
      ))}
    </div>
  );
}
