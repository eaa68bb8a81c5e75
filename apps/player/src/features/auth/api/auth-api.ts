import type { FormInstance } from 'antd-mobile/es/components/form';
import { ClientConstants, type SessionResult } from '@playhall/contract';
import { ApiError, call } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { saveSession, setAfterLogin } from '../../../lib/session.ts';
import { detectOs } from '../../../lib/platform.ts';
import { showErrorToast } from '../../../lib/notify.ts';

/**
 * Stores a new session and loads what the app needs after login; the balance and config are
 * refetched for the new player.
 */
export async function startSession(result: SessionResult): Promise<void> {
  saveSession(result.token, result.user);
  try {
    const info = await call('getAfterLoginInfoWeb', { version: ClientConstants.appVersion, os: detectOs() }, { quiet: true });
    saveSession(result.token, info.user);
    setAfterLogin({
      inviteCode: info.inviteCode,
      aid: info.aid,
      gameLikes: info.appGameDataUser.gameLikes,
      gameHistory: info.appGameDataUser.gameHistory,
      activityIds: info.activityIds.activityIds,
    });
  } catch {
    // The session itself is valid; the extras load again on the next start.
  }
  await queryClient.invalidateQueries();
}

/** Server field errors (code 400, data.fields) go under their fields; others stay toasts. */
export function applyFieldErrors(form: FormInstance, err: unknown): void {
  if (!(err instanceof ApiError)) return;
  const known = new Set(Object.keys(form.getFieldsValue()));
  const entries = Object.entries(err.fields);
  form.setFields(entries.filter(([name]) => known.has(name)).map(([name, msg]) => ({ name, errors: [msg] })));
  const unplaced = entries.filter(([name]) => !known.has(name));
  if (unplaced.length > 0) showErrorToast(unplaced.map(([, msg]) => msg).join('\n'));
}
