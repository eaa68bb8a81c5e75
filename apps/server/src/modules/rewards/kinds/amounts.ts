import { z } from 'zod';
import { MaxCallAmount } from '@playhall/contract';

/** Settings fields every coin-paying kind shares (a kind may use them; kinds never import each other). */
export const bonusAmount = z.number().int().min(1).max(MaxCallAmount);
/** Turnover per coin of bonus before it can be withdrawn (product rules §2: default 1, at most 10). */
export const multiplier = z.number().int().min(0).max(10).default(1);
