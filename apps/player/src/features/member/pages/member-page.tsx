import { Link, useNavigate } from '@tanstack/react-router';
import { List } from 'antd-mobile';
import { Dialog } from '../../../lib/antd-imperative.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/paths.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Money } from '../../../components/ui/money.tsx';
import { LanguagePicker } from '../../../components/ui/language-picker.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { call } from '../../../lib/api.ts';
import { useBalance } from '../../../lib/queries.ts';
import { clearSession, useSession } from '../../../lib/session.ts';
import { RewardEntries } from '../components/reward-entries.tsx';

export function MemberPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const balance = useBalance();
  if (!user) return null;
  const coin = balance.data?.coin ?? user.coin;

  const logout = async () => {
    const confirmed = await Dialog.confirm({
      title: t('member.logoutTitle'),
      content: t('member.logoutConfirm'),
      confirmText: t('member.logout'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      await call('logout', {}, { quiet: true });
    } catch {
      // The token is dropped locally either way.
    }
    clearSession();
    void navigate({ to: paths.index, replace: true });
  };

  const go = (to: string) => () => void navigate({ to });

  return (
    <div className="page">
      <section className="card member-card">
        <Link to={paths.memberProfile} className="member-card__who">
          <Avatar value={user.avatar} size={64} />
          <div>
            <div className="member-card__name" data-testid="member-nickname">{user.nickname}</div>
            <div className="member-card__id">{t('member.id', { id: user.id })}</div>
          </div>
        </Link>
        <div className="member-card__balance">
          <span className="member-card__label">{t('member.balance')}</span>
          <Money value={coin} className="money--large" testId="member-balance" />
        </div>
        <div className="member-card__actions">
          <Link to={paths.wallets} search={{ name: 'deposit' }} className="member-card__action member-card__action--primary" data-testid="member-deposit">
            {t('wallet.title')}
          </Link>
          <Link to={paths.wallets} search={{ name: 'withdraw' }} className="member-card__action" data-testid="member-withdraw">
            {t('withdraw.title')}
          </Link>
        </div>
      </section>

      <RewardEntries />

      <List className="menu-list" mode="card">
        <List.Item prefix={<Icon name="lucide:user" />} onClick={go(paths.memberProfile)}>{t('member.profile')}</List.Item>
        <List.Item prefix={<Icon name="lucide:file-text" />} onClick={go(paths.walletRecords)} data-testid="records-item">{t('records.menu')}</List.Item>
        <List.Item prefix={<Icon name="lucide:gamepad-2" />} onClick={go(paths.memberGames)} data-testid="bet-records-item">{t('betRecords.menu')}</List.Item>
        <List.Item prefix={<Icon name="lucide:chart-column" />} onClick={go(paths.memberReport)} data-testid="bet-report-item">{t('betReport.menu')}</List.Item>
        <List.Item prefix={<Icon name="lucide:wallet" />} onClick={go(paths.memberRetrieveBalance)} data-testid="retrieve-item">{t('retrieve.menu')}</List.Item>
        <List.Item prefix={<Icon name="lucide:credit-card" />} onClick={go(paths.cardList)} data-testid="cards-item">{t('cards.title')}</List.Item>
        <List.Item prefix={<Icon name="lucide:lock-keyhole" />} onClick={go(paths.safebox)} data-testid="safebox-item">{t('safebox.title')}</List.Item>
        <List.Item prefix={<Icon name="lucide:shield" />} onClick={go(paths.memberLimits)} data-testid="limits-item">{t('limits.title')}</List.Item>
        <List.Item prefix={<Icon name="lucide:circle-help" />} onClick={go(paths.faq)}>{t('nav.faq')}</List.Item>
        <List.Item prefix={<Icon name="lucide:headset" />} onClick={go(paths.service)}>{t('nav.support')}</List.Item>
        <List.Item prefix={<Icon name="lucide:download" />} onClick={go(paths.download)}>{t('nav.download')}</List.Item>
        <LanguagePicker>
          {(open, label) => (
            <List.Item prefix={<Icon name="lucide:globe" />} extra={label} onClick={open} data-testid="language-item">
              {t('member.language')}
            </List.Item>
          )}
        </LanguagePicker>
      </List>

      <List className="menu-list" mode="card">
        <List.Item prefix={<Icon name="lucide:info" />} onClick={go(paths.aboutUs)}>{t('nav.aboutUs')}</List.Item>
        <List.Item prefix={<Icon name="lucide:shield" />} onClick={go(paths.privacyPolicy)}>{t('nav.privacyPolicy')}</List.Item>
        <List.Item prefix={<Icon name="lucide:file-text" />} onClick={go(paths.termsOfUse)}>{t('nav.termsOfUse')}</List.Item>
      </List>

      <List className="menu-list" mode="card">
        <List.Item prefix={<Icon name="lucide:log-out" />} arrowIcon={false} onClick={() => void logout()} className="menu-list__danger" data-testid="logout">
          {t('member.logout')}
        </List.Item>
      </List>
    </div>
  );
}
