import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ApiError, TimeoutError, call, commonFields, getWithRetry, requestTimeoutMs, timeoutForConnection } from './api.ts';
import { showErrorToast, showTimeoutDialog } from './notify.ts';
import { isLoggedIn, rememberAccount, saveSession, setNavigator, useSession, watchOtherTabs } from './session.ts';
import type { UserInfo } from '@playhall/contract';
import { i18n } from './i18n.ts';

const user = {
  id: 7, uuid: 'u-7', account: 'alice', accountType: 2, nickname: 'Alice', avatar: 3, avatarOther: null, mobile: null,
  facebookAccount: null, googleAccount: null, lineAccount: null, hasPassword: true, hasSafeboxPassword: false, hasKyc: false,
  hasUserOther: false, coin: 12_345, safebox: 0, bet: 0, exchange: 0, totalRecharge: 0, lottery: 0, vip: 0, vipExp: 0,
  userLevel: 0, pid: null, regPeriod: 0, inviteCode: 'ABC',
} as unknown as UserInfo;

const okRefresh = { errcode: 200, coin: 500 };

function answer(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let fetchMock: ReturnType<typeof vi.fn>;
let navigate: ReturnType<typeof vi.fn<(href: string) => void>>;

beforeEach(() => {
  localStorage.clear();
  useSession.setState({ token: null, user: null, afterLogin: null });
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  navigate = vi.fn<(href: string) => void>();
  setNavigator(navigate);
  delete window.__PLAYHALL_TIMEOUT_MS__;
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function sentBody(i = 0): Record<string, unknown> {
  const init = fetchMock.mock.calls[i]?.[1] as RequestInit;
  return JSON.parse(String(init.body)) as Record<string, unknown>;
}

describe('call(): request shape', () => {
  it('POSTs JSON under /app/v1/ with the common fields added to the body', async () => {
    fetchMock.mockResolvedValue(answer({ code: 200, msg: 'OK', data: okRefresh }));
    await call('refreshData', {});
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/app/v1/refreshData');
    expect(init.method).toBe('POST');
    expect(sentBody()).toMatchObject({ channel: 'WEB', appVersion: '1.1.2', appId: 'playhall', clientReferrer: '' });
  });

  it('sends platform 0 from a mobile browser and 1 from a desktop one', async () => {
    const ua = vi.spyOn(navigator, 'userAgent', 'get');
    ua.mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148');
    expect(commonFields().platform).toBe(0);
    ua.mockReturnValue('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/126 Mobile Safari/537.36');
    expect(commonFields().platform).toBe(0);
    ua.mockReturnValue('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126 Safari/537.36');
    expect(commonFields().platform).toBe(1);
  });

  it('adds the bearer token only when there is one', async () => {
    fetchMock.mockImplementation(async () => answer({ code: 200, msg: 'OK', data: okRefresh }));
    await call('refreshData', {});
    expect((fetchMock.mock.calls[0]![1] as RequestInit).headers).not.toHaveProperty('Authorization');
    saveSession('tok-1', user);
    await call('refreshData', {});
    expect((fetchMock.mock.calls[1]![1] as RequestInit).headers).toMatchObject({ Authorization: 'Bearer tok-1' });
  });
});

describe('call(): timeouts', () => {
  it('chooses 10 s by default, 20 s on 2g and slow-2g, 30 s on 3g', () => {
    expect(timeoutForConnection(undefined)).toBe(10_000);
    expect(timeoutForConnection('4g')).toBe(10_000);
    expect(timeoutForConnection('2g')).toBe(20_000);
    expect(timeoutForConnection('slow-2g')).toBe(20_000);
    expect(timeoutForConnection('3g')).toBe(30_000);
  });

  it('reads the connection type of the browser', () => {
    vi.stubGlobal('navigator', { ...navigator, userAgent: navigator.userAgent, connection: { effectiveType: '3g' } });
    expect(requestTimeoutMs()).toBe(30_000);
  });

  const hangingFetch = (_url: string, init: RequestInit) =>
    new Promise<Response>((_, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });

  it('shows the Tips dialog and rejects with TimeoutError when the answer is late', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(hangingFetch);
    const pending = call('refreshData', {});
    const check = expect(pending).rejects.toBeInstanceOf(TimeoutError);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(showTimeoutDialog).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2);
    await check;
    expect(showTimeoutDialog).toHaveBeenCalledTimes(1);
  });

  it('stays silent for calls marked silent (the heartbeat)', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(hangingFetch);
    const pending = call('refreshData', {}, { silent: true });
    const check = expect(pending).rejects.toBeInstanceOf(TimeoutError);
    await vi.advanceTimersByTimeAsync(10_001);
    await check;
    expect(showTimeoutDialog).not.toHaveBeenCalled();
  });
});

describe('call(): 401 handling', () => {
  it('on a non-public call clears the whole session and goes to login', async () => {
    saveSession('tok-1', user);
    window.history.replaceState(null, '', '/member/profile');
    fetchMock.mockResolvedValue(answer({ code: 401, msg: 'Please log in', data: null }));
    await expect(call('getCustomerServices', {})).rejects.toMatchObject({ code: 401 });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(isLoggedIn()).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/auth/login?redirect=%2Fmember%2Fprofile');
  });

  it('sends a player with a remembered account name to the account login form', async () => {
    saveSession('tok-1', user);
    rememberAccount('alice');
    window.history.replaceState(null, '', '/');
    fetchMock.mockResolvedValue(answer({ code: 200, msg: 'OK', data: { errcode: 401 } }));
    await expect(call('getAfterLoginInfoWeb', {})).rejects.toBeInstanceOf(ApiError);
    expect(navigate).toHaveBeenCalledWith('/auth/login?type=account');
    expect(isLoggedIn()).toBe(false);
  });

  it('keeps the session when a public call answers errcode 401', async () => {
    saveSession('tok-1', user);
    fetchMock.mockResolvedValue(answer({ code: 200, msg: 'OK', data: { errcode: 401 } }));
    await expect(call('refreshData', {})).resolves.toEqual({ errcode: 401 });
    expect(isLoggedIn()).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('clears a stale token quietly when preLogin answers 401', async () => {
    saveSession('stale', user);
    fetchMock.mockResolvedValue(answer({ code: 401, msg: 'Please log in', data: null }));
    await expect(call('preLogin', {})).rejects.toMatchObject({ code: 401 });
    expect(localStorage.getItem('token')).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
    expect(showErrorToast).not.toHaveBeenCalled();
  });

  it('logs this tab out when another tab removes the token', () => {
    saveSession('tok-1', user);
    const stop = watchOtherTabs();
    localStorage.removeItem('token');
    window.dispatchEvent(new StorageEvent('storage', { key: 'token', oldValue: 'tok-1', newValue: null }));
    stop();
    expect(isLoggedIn()).toBe(false);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(String(navigate.mock.calls[0]![0])).toMatch(/^\/auth\/login/);
  });
});

describe('call(): errors', () => {
  it('turns a business error into an ApiError and a toast with the server message', async () => {
    fetchMock.mockResolvedValue(answer({ code: 2002, msg: 'Wrong account or password', data: null }));
    const err = await call('accountLogin', { account: 'alice', password: 'nope' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 2002, message: 'Wrong account or password' });
    expect(showErrorToast).toHaveBeenCalledWith('Wrong account or password');
  });

  it('keeps field errors for the form instead of a toast', async () => {
    const fields = { account: 'Account must be 4 to 16 characters' };
    fetchMock.mockResolvedValue(answer({ code: 400, msg: fields.account, data: { fields } }));
    const err = (await call('accountRegist', { account: 'ab', password: 'secret1' }).catch((e: unknown) => e)) as ApiError;
    expect(err.fields).toEqual(fields);
    expect(showErrorToast).not.toHaveBeenCalled();
  });

  it('translates a refusal by its code and keeps the amounts the server sent', async () => {
    await i18n.changeLanguage('pt-BR');
    try {
      fetchMock.mockResolvedValue(answer({ code: 3307, msg: 'The minimum withdrawal for PIX is 20', data: { minAmount: 2_000 } }));
      const err = await call('exchange', { accountId: 1, amount: 1_000, requestId: 'r1' }).catch((e: unknown) => e);
      expect(err).toMatchObject({ code: 3307, message: 'O saque mínimo deste canal é 20' });
      fetchMock.mockResolvedValue(answer({ code: 3307, msg: 'The minimum withdrawal for PIX is 20', data: null }));
      const plain = await call('exchange', { accountId: 1, amount: 1_000, requestId: 'r2' }).catch((e: unknown) => e);
      expect(plain).toMatchObject({ message: 'O valor está abaixo do saque mínimo deste canal' });
    } finally {
      await i18n.changeLanguage('en-US');
    }
  });

  it("says when a lock ends in the player's language and time zone", async () => {
    const lockedUntil = '2026-11-21T12:15:00.000Z';
    const msg = 'Too many wrong passwords: this account is locked until 2026-11-21 12:15 UTC (in 15 minutes)';
    await i18n.changeLanguage('pt-BR');
    try {
      const shown = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(lockedUntil));
      fetchMock.mockResolvedValue(answer({ code: 2003, msg, data: { lockedUntil } }));
      const err = await call('accountLogin', { account: 'alice', password: 'nope' }).catch((e: unknown) => e);
      expect(err).toMatchObject({ code: 2003 });
      expect((err as ApiError).message).toContain(`bloqueada até ${shown}`);
      fetchMock.mockResolvedValue(answer({ code: 3204, msg: 'locked', data: { lockedUntil } }));
      const safebox = await call('safeboxWithdraw', { amount: 100, password: '123456' }).catch((e: unknown) => e);
      expect((safebox as ApiError).message).toContain(`bloqueada até ${shown}`);
    } finally {
      await i18n.changeLanguage('en-US');
    }
  });

  it('rejects an answer that breaks the contract (dev and tests validate responses)', async () => {
    fetchMock.mockResolvedValue(answer({ code: 200, msg: 'OK', data: { errcode: 'yes' } }));
    await expect(call('refreshData', {})).rejects.toThrow(/breaks the contract/);
  });
});

describe('getWithRetry', () => {
  it.each([408, 409, 425, 429, 500, 502, 503, 504])('retries once after %i', async (status) => {
    fetchMock.mockResolvedValueOnce(new Response('', { status })).mockResolvedValueOnce(new Response('{}', { status: 200 }));
    const res = await getWithRetry('/builds/latest.json');
    expect(res.status).toBe(200);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('retries only once, and never for other statuses', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 503 }));
    expect((await getWithRetry('/x')).status).toBe(503);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    fetchMock.mockReset();
    fetchMock.mockResolvedValue(new Response('', { status: 404 }));
    expect((await getWithRetry('/x')).status).toBe(404);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
