import { z } from 'zod';
import { defineEndpoint, money } from '../envelope.ts';

/**
 * Invites (`/share`, decision 066): the player's invite code, what makes an invite valid (decision
 * 065), and the friends who registered with the code.
 */

/** pending: below the amounts yet; valid: counted; notCounted: settled on the inviter's own phone or device. */
export const inviteeStatus = z.enum(['pending', 'valid', 'notCounted']);
export type InviteeStatus = z.infer<typeof inviteeStatus>;

export const inviteeView = z.object({
  /** The friend's nickname, masked (first and last character). */
  name: z.string(),
  joinedAt: z.string(),
  status: inviteeStatus,
});
export type InviteeView = z.infer<typeof inviteeView>;

export const getInviteInfoEndpoint = defineEndpoint({
  path: 'getInviteInfo',
  summary: 'Invites: the invite code, what makes an invite valid, how many friends registered with the code and how many are valid, the latest 20',
  request: {},
  response: z.object({
    inviteCode: z.string(),
    validInvite: z.object({ deposit: money, bet: money }),
    invited: z.number().int(),
    valid: z.number().int(),
    recent: z.array(inviteeView),
  }),
});
