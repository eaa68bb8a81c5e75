import { ClientConstants, type SessionResult } from '@playhall/contract';
import { call } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { saveSession, setAfterLogin } from '../../../lib/session.ts';
import { detectOs } from '../../../lib/platform.ts';

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
