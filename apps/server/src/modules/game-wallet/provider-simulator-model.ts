// The provider simulator's own idea of the wallet: the protocol's rules written again, as plainly
// as possible, over in-memory maps. The simulator predicts every answer with it and compares the
// server's answers and final balances to it, so a rule the server gets wrong shows up as a
// difference. Decision 011 is the rule book both follow.

export type Expected = { status: 'OK'; balance: number } | { status: 'ERROR'; error: string; balance?: number };

interface ModelTx {
  kind: 'bet' | 'win' | 'rollback';
  user: number;
  roundKey: string;
  /** bet and win amount; for a rollback the request carries none. */
  amount: number;
  ref: string | null;
  endsRound: boolean;
  status: 'applied' | 'rolledBack' | 'tombstone' | 'noop';
}

export interface ModelRound {
  user: number;
  roundId: string;
  betTotal: number;
  winTotal: number;
  betCount: number;
  rolledBackCount: number;
  status: 'open' | 'settled' | 'rolledBack';
}

export class WalletModel {
  readonly txs = new Map<string, ModelTx>();
  /** `<player>:<transaction id>` some rollback of that player named (before or after it arrived): decision 017 keys it by player. */
  readonly rolledBackIds = new Set<string>();
  /** The platform's win_cap_ratio: a round pays at most this × its stake (decision 017; the default). */
  winCapRatio = 100_000;
  readonly rounds = new Map<string, ModelRound>();
  readonly balances = new Map<number, number>();
  /** Bets of settled rounds per player: what turnover must have dropped by. */
  readonly settledBets = new Map<number, number>();
  /** The provider's house book: bets in, wins and rollbacks out. */
  house = 0;
  betEvents = 0;
  settleEvents = 0;

  addPlayer(user: number, balance: number): void {
    this.balances.set(user, balance);
    this.settledBets.set(user, 0);
  }

  balanceOf(user: number): number {
    return this.balances.get(user) ?? 0;
  }

  /** Ids the server has recorded: safe to reuse for a duplicate from any player. */
  recordedIds(): string[] {
    return [...this.txs.keys()];
  }

  private key = (user: number, roundId: string) => `${user}:${roundId}`;
  private ok = (user: number): Expected => ({ status: 'OK', balance: this.balanceOf(user) });
  private err = (error: string, balance?: number): Expected => (balance === undefined ? { status: 'ERROR', error } : { status: 'ERROR', error, balance });

  private replay(id: string, t: Omit<ModelTx, 'status'>, compareAmount: boolean): Expected | null {
    const prior = this.txs.get(id);
    if (!prior) return null;
    const same =
      prior.kind === t.kind && prior.user === t.user && prior.roundKey === t.roundKey && (!compareAmount || prior.amount === t.amount) && prior.ref === t.ref && prior.endsRound === t.endsRound;
    return same ? this.ok(t.user) : this.err('DUPLICATE_TRANSACTION');
  }

  private settle(round: ModelRound): void {
    const voided = round.betCount > 0 && round.betCount === round.rolledBackCount;
    round.status = voided ? 'rolledBack' : 'settled';
    this.settledBets.set(round.user, (this.settledBets.get(round.user) ?? 0) + round.betTotal);
    if (round.betCount > 0) this.settleEvents++;
  }

  private openRound(user: number, roundId: string): ModelRound {
    const k = this.key(user, roundId);
    let round = this.rounds.get(k);
    if (!round) {
      round = { user, roundId, betTotal: 0, winTotal: 0, betCount: 0, rolledBackCount: 0, status: 'open' };
      this.rounds.set(k, round);
    }
    return round;
  }

  bet(user: number, id: string, roundId: string, amount: number, sessionOpen: boolean): Expected {
    const t = { kind: 'bet' as const, user, roundKey: this.key(user, roundId), amount, ref: null, endsRound: false };
    const replayed = this.replay(id, t, true);
    if (replayed) return replayed;
    if (!sessionOpen) return this.err('SESSION_EXPIRED');
    if (this.rolledBackIds.has(`${user}:${id}`)) return this.err('TRANSACTION_ROLLED_BACK');
    const existing = this.rounds.get(t.roundKey);
    if (existing && existing.status !== 'open') return this.err('ROUND_CLOSED');
    if (this.balanceOf(user) < amount) return this.err('INSUFFICIENT_FUNDS', this.balanceOf(user));
    const round = this.openRound(user, roundId);
    this.balances.set(user, this.balanceOf(user) - amount);
    this.house += amount;
    round.betTotal += amount;
    round.betCount++;
    this.txs.set(id, { ...t, status: 'applied' });
    this.betEvents++;
    return this.ok(user);
  }

  win(user: number, id: string, roundId: string, amount: number, betId: string | null, endsRound: boolean): Expected {
    const t = { kind: 'win' as const, user, roundKey: this.key(user, roundId), amount, ref: betId, endsRound };
    const replayed = this.replay(id, t, true);
    if (replayed) return replayed;
    const round = this.rounds.get(t.roundKey);
    if (!round || round.betCount === 0) return this.err('BAD_REQUEST');
    if (round.status === 'rolledBack' || round.betCount === round.rolledBackCount) return this.err('BAD_REQUEST');
    if (betId !== null) {
      const bet = this.txs.get(betId);
      if (!bet || bet.kind !== 'bet' || bet.roundKey !== t.roundKey || bet.status !== 'applied') return this.err('BAD_REQUEST');
    }
    if (amount > 0 && round.winTotal + amount > round.betTotal * this.winCapRatio) return this.err('WIN_LIMIT_EXCEEDED');
    this.balances.set(user, this.balanceOf(user) + amount);
    this.house -= amount;
    round.winTotal += amount;
    this.txs.set(id, { ...t, status: 'applied' });
    if (endsRound && round.status === 'open') this.settle(round);
    return this.ok(user);
  }

  rollback(user: number, id: string, roundId: string, targetId: string): Expected {
    const t = { kind: 'rollback' as const, user, roundKey: this.key(user, roundId), amount: 0, ref: targetId, endsRound: false };
    const replayed = this.replay(id, t, false);
    if (replayed) return replayed;
    const target = this.txs.get(targetId);
    // The server opens the round for a rollback too (a tombstone's round may have no bet yet).
    const record = (status: ModelTx['status']) => {
      this.openRound(user, roundId);
      this.txs.set(id, { ...t, status });
      this.rolledBackIds.add(`${user}:${targetId}`);
    };
    if (!target) {
      record('tombstone');
      return this.ok(user);
    }
    if (target.user !== user || target.roundKey !== t.roundKey) return this.err('BAD_REQUEST');
    if (target.kind !== 'bet') return this.err('BAD_REQUEST');
    if (target.status === 'rolledBack') {
      record('noop');
      return this.ok(user);
    }
    const round = this.openRound(user, roundId);
    if (round.status !== 'open') return this.err('ROUND_CLOSED');
    if (round.winTotal > 0) return this.err('BAD_REQUEST');
    this.balances.set(user, this.balanceOf(user) + target.amount);
    this.house -= target.amount;
    target.status = 'rolledBack';
    round.betTotal -= target.amount;
    round.rolledBackCount++;
    record('applied');
    return this.ok(user);
  }

  balance(user: number, sessionOpen: boolean): Expected {
    return sessionOpen ? this.ok(user) : this.err('SESSION_EXPIRED');
  }

  endRound(user: number, roundId: string): Expected {
    const round = this.rounds.get(this.key(user, roundId));
    if (!round) return this.err('BAD_REQUEST');
    if (round.status === 'open') this.settle(round);
    return this.ok(user);
  }
}
