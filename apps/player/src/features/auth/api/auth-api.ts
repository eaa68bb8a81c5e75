import type { SessionResult } from '@playhall/contract';
import { loadAfterLogin } from '../../../lib/game-user.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { markFirstVisit, saveSession } from '../../../lib/session.ts';

/**
 * Stores a new session and loads what the app needs after login; the balance and config are
 * refetched for the new player.
 */
export async function startSession(result: SessionResult): Promise<void> {
  saveSession(result.token, result.user);
  markFirstVisit(result.isNew ? result.user.id : null);
  try {
    saveSession(result.token, await loadAfterLogin());
  } catch {
    // The session itself is valid; the extras load again on the next start.
  }
  await queryClient.invalidateQueries();
}
