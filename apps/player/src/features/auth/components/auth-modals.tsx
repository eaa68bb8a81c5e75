import { Popup } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import { closeAuthModal, openAuthModal, useModals, type AuthModal } from '../../../lib/modals.ts';
import { LoginForm } from './login-form.tsx';
import { RegisterForm } from './register-form.tsx';
import { ForgetForm } from './forget-form.tsx';

const titles: Record<AuthModal, string> = { login: 'auth.loginTitle', register: 'auth.registerTitle', forget: 'auth.forgetTitle' };

/** Login, register and forgot-password sheets: one store field, so only one is ever open. */
export function AuthModals() {
  const { t } = useTranslation();
  const open = useModals((s) => s.authModal);
  return (
    <Popup
      visible={open !== null}
      onMaskClick={closeAuthModal}
      onClose={closeAuthModal}
      position="bottom"
      showCloseButton
      destroyOnClose
      bodyClassName="auth-sheet"
      data-testid="auth-modal"
    >
      {open && (
        <div className="auth-sheet__inner" role="dialog" aria-modal="true" aria-label={t(titles[open])} data-modal={open}>
          <h2 className="auth-sheet__title">{t(titles[open])}</h2>
          {open === 'login' && <LoginForm onDone={closeAuthModal} onSwitch={openAuthModal} />}
          {open === 'register' && <RegisterForm onDone={closeAuthModal} onSwitch={openAuthModal} />}
          {open === 'forget' && <ForgetForm onSwitch={openAuthModal} />}
        </div>
      )}
    </Popup>
  );
}
