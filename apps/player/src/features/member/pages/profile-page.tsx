import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Button, Form, Input, List } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import { formatPhone } from '@playhall/contract';
import { paths } from '../../../lib/paths.ts';
import { AVATAR_COUNT, Avatar } from '../../../components/ui/avatar.tsx';
import { ApiError, call } from '../../../lib/api.ts';
import { showSuccessToast } from '../../../lib/notify.ts';
import { useAppConfig } from '../../../lib/queries.ts';
import { setUser, useSession } from '../../../lib/session.ts';

const avatars = Array.from({ length: AVATAR_COUNT }, (_, i) => i + 1);

export function ProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const config = useAppConfig();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState<'nickname' | number | null>(null);
  if (!user) return null;
  const range = config?.usernameLength ?? { min: 1, max: 64 };

  const saveAvatar = async (avatar: number) => {
    if (avatar === user.avatar) return;
    setSaving(avatar);
    try {
      const res = await call('updateProfile', { avatar });
      setUser(res.user);
    } catch {
      // Toast already shown by the client.
    } finally {
      setSaving(null);
    }
  };

  const saveNickname = async (v: { nickname: string }) => {
    setSaving('nickname');
    try {
      const res = await call('updateProfile', { nickname: v.nickname.trim() });
      setUser(res.user);
      showSuccessToast(t('profile.saved'));
    } catch (err) {
      if (err instanceof ApiError && err.fields.nickname) form.setFields([{ name: 'nickname', errors: [err.fields.nickname] }]);
    } finally {
      setSaving(null);
    }
  };

  return (
    <div className="page">
      <section className="card profile-avatar">
        <Avatar value={user.avatar} size={80} />
        <h2 className="section-title">{t('profile.chooseAvatar')}</h2>
        <div className="avatar-grid" role="radiogroup" aria-label={t('profile.chooseAvatar')}>
          {avatars.map((n) => (
            <button
              key={n}
              type="button"
              role="radio"
              aria-checked={user.avatar === n}
              aria-label={t('profile.avatarN', { n })}
              className={user.avatar === n ? 'avatar-grid__item avatar-grid__item--active' : 'avatar-grid__item'}
              disabled={saving !== null}
              onClick={() => void saveAvatar(n)}
            >
              <Avatar value={n} size={48} />
            </button>
          ))}
        </div>
      </section>

      <section className="card">
        <Form form={form} layout="vertical" initialValues={{ nickname: user.nickname }} onFinish={saveNickname}
          footer={<Button block type="submit" color="primary" shape="rounded" loading={saving === 'nickname'}>{t('common.save')}</Button>}>
          <Form.Item name="nickname" label={t('form.nickname')}
            rules={[
              { required: true, whitespace: true, message: t('form.required', { field: t('form.nickname') }) },
              { min: range.min, max: range.max, message: t('form.lengthBetween', { field: t('form.nickname'), min: range.min, max: range.max }) },
            ]}>
            <Input name="nickname" id="nickname" autoComplete="nickname" maxLength={range.max} />
          </Form.Item>
        </Form>
      </section>

      <List className="menu-list" mode="card">
        <List.Item
          extra={user.mobile ? formatPhone(user.mobile) : t('profile.notBound')}
          onClick={user.mobile ? undefined : () => void navigate({ to: paths.bind })}
          arrowIcon={!user.mobile}
        >
          {user.mobile ? t('profile.phone') : t('account.bindPhone')}
        </List.Item>
        <List.Item onClick={() => void navigate({ to: paths.setPassword })}>
          {user.hasPassword ? t('profile.changePassword') : t('profile.setPassword')}
        </List.Item>
        {user.account && <List.Item extra={user.account} arrowIcon={false}>{t('form.account')}</List.Item>}
      </List>
    </div>
  );
}
