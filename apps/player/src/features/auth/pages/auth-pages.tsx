import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/paths.ts';
import type { AuthModal } from '../../../lib/modals.ts';
import { useIsLoggedIn } from '../../../lib/session.ts';
import { LoginForm, type LoginKind } from '../components/login-form.tsx';
import { RegisterForm } from '../components/register-form.tsx';
import { ForgetForm } from '../components/forget-form.tsx';

interface AuthSearch {
  type?: LoginKind;
  redirect?: string;
  inviteCode?: string;
}

const pageOf: Record<AuthModal, string> = { login: paths.login, register: paths.register, forget: paths.forget };

/** Page versions of the auth forms: links move between pages and keep the post-login target. */
function useAuthPage() {
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as AuthSearch;
  const loggedIn = useIsLoggedIn();
  const target = search.redirect ?? paths.index;
  const done = useCallback(() => void navigate({ href: target, replace: true }), [navigate, target]);
  const switchTo = (target: AuthModal) =>
    void navigate({ to: pageOf[target], search: search.redirect ? { redirect: search.redirect } : {} });
  return { search, loggedIn, done, switchTo };
}

function AuthPage({ titleKey, subtitleKey, children }: { titleKey: string; subtitleKey: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="page page--auth">
      <header className="auth-brand">
        <img src="/logo.svg" width={48} height={48} alt="" />
        <div>
          <h1>{t(titleKey)}</h1>
          <p>{t(subtitleKey)}</p>
        </div>
      </header>
      {children}
    </div>
  );
}

export function LoginPage() {
  const { search, loggedIn, done, switchTo } = useAuthPage();
  // Only on arrival: a logged-in player has nothing to do here. (A login made on this page
  // navigates by itself, so later changes of `loggedIn` must not navigate twice.)
  const [arrivedLoggedIn] = useState(loggedIn);
  useEffect(() => {
    if (arrivedLoggedIn) done();
  }, [arrivedLoggedIn, done]);
  return (
    <AuthPage titleKey="auth.loginTitle" subtitleKey="auth.loginSubtitle">
      <LoginForm key={search.type ?? 'default'} initialKind={search.type} onDone={done} onSwitch={switchTo} />
    </AuthPage>
  );
}

export function AccountLoginPage() {
  const { done, switchTo } = useAuthPage();
  return (
    <AuthPage titleKey="auth.loginTitle" subtitleKey="auth.loginSubtitle">
      <LoginForm initialKind="account" onDone={done} onSwitch={switchTo} />
    </AuthPage>
  );
}

export function RegisterPage() {
  const { search, done, switchTo } = useAuthPage();
  return (
    <AuthPage titleKey="auth.registerTitle" subtitleKey="auth.registerSubtitle">
      <RegisterForm inviteCode={search.inviteCode} onDone={done} onSwitch={switchTo} />
    </AuthPage>
  );
}

export function ForgetPage() {
  const { switchTo } = useAuthPage();
  return (
    <AuthPage titleKey="auth.forgetTitle" subtitleKey="auth.forgetSubtitle">
      <ForgetForm onSwitch={switchTo} />
    </AuthPage>
  );
}
