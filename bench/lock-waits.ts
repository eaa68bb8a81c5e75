/**
 * Who waits for whom: samples PostgreSQL's lock waits in one database while a command runs (issue 17,
 * decision 056), and prints the counts by (waiting statement, blocking statement, relation).
 *
 *   LOCK_DB=playhall_bench_consumers_h1 npx tsx bench/lock-waits.ts -- <command and its arguments>
 *   e.g. BENCH_DB_NAME=… BENCH_KEEP=1 BENCH_SECONDS=5 BENCH_RUNS=1 BENCH_CONSUMER_CLIENTS=8 npx tsx bench/consumers-bench.ts
 *   env: LOCK_DB (the database to watch), LOCK_SAMPLE_MS=50, BENCH_PG_URL (the server)
 *
 * Every LOCK_SAMPLE_MS the sampler reads pg_stat_activity with pg_blocking_pids and pg_locks: each
 * backend of LOCK_DB waiting on a lock counts once per blocker. A statement is named by the database
 * function it calls (reward_award, ledger_post, game_wallet_calls, …) or by its first words; a
 * blocker idle in its transaction is named by its last statement. The relation is the table whose
 * row (tuple lock) or relation lock the waiter wants, or the lock type (transactionid: a row, or a
 * key being inserted, held by the blocker's transaction); a ledger_account row is named by its book
 * (`promotion`, `player coin`, …), read at the locked version's ctid, which this sampler's snapshot
 * still sees while the blocker has not committed (else just the table).
 */
import { spawn } from 'node:child_process';
import pg from 'pg';
import { urlFor } from './pg-tools.ts';

const DB = process.env.LOCK_DB ?? 'playhall_bench_consumers_h1';
const SAMPLE_MS = Number(process.env.LOCK_SAMPLE_MS ?? 50);

const FUNCTIONS = ['reward_award', 'ledger_post', 'game_wallet_calls', 'game_wallet_settle_idle', 'player_add_turnovers', 'player_settle_turnovers'];

/** A statement's short name: the function it calls, or its first words. */
function nameOf(query: string | null, state: string | null): string {
  if (!query) return '?';
  const idle = state?.startsWith('idle in transaction') ? ' (idle in tx)' : '';
  for (const f of FUNCTIONS) if (query.includes(`${f}(`)) return f + idle;
  return query.replace(/\s+/g, ' ').trim().slice(0, 60) + idle;
}

const SAMPLE_SQL = `
select w.pid, w.query, w.state, b.query as bquery, b.state as bstate,
       coalesce((select l.relation::regclass::text
                        || coalesce((select ' ' || case when a.user_id is null then a.book else 'player ' || a.book end
                                       from ledger_account a where l.relation = 'ledger_account'::regclass
                                        and a.ctid = format('(%s,%s)', l.page, l.tuple)::tid), '')
                   from pg_locks l where l.pid = w.pid and l.locktype = 'tuple' limit 1),
                (select coalesce(l.relation::regclass::text, l.locktype) from pg_locks l where l.pid = w.pid and not l.granted limit 1),
                '?') as rel
  from pg_stat_activity w
  cross join lateral unnest(pg_blocking_pids(w.pid)) as bp(pid)
  join pg_stat_activity b on b.pid = bp.pid
 where w.datname = $1 and w.wait_event_type = 'Lock'`;

async function connect(): Promise<pg.Client> {
  for (;;) {
    const c = new pg.Client({ connectionString: urlFor(DB) });
    try {
      await c.connect();
      c.on('error', () => undefined);
      return c;
    } catch {
      await c.end().catch(() => undefined);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

async function main(): Promise<void> {
  const sep = process.argv.indexOf('--');
  const cmd = sep >= 0 ? process.argv.slice(sep + 1) : [];
  if (!cmd.length) throw new Error('usage: LOCK_DB=<db> npx tsx bench/lock-waits.ts -- <command>');
  const child = spawn(cmd[0]!, cmd.slice(1), { stdio: 'inherit', env: process.env });
  let done = false;
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => ((done = true), resolve(code ?? 1))));
  const counts = new Map<string, number>();
  let samples = 0;
  let waitingSamples = 0;
  let client: pg.Client | null = null;
  // Stopped from outside (a timeout, ^C): stop the command too, and still print what was sampled.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      child.kill(signal);
      done = true;
    });
  }
  while (!done) {
    const started = Date.now();
    try {
      client ??= await Promise.race([connect(), exited.then(() => null)]);
      if (!client) break;
      const rows = (await client.query<{ query: string; state: string; bquery: string; bstate: string; rel: string }>(SAMPLE_SQL, [DB])).rows;
      samples++;
      if (rows.length) waitingSamples++;
      for (const r of rows) {
        const k = `${nameOf(r.query, r.state)}\t${nameOf(r.bquery, r.bstate)}\t${r.rel}`;
        counts.set(k, (counts.get(k) ?? 0) + 1);
      }
    } catch {
      await client?.end().catch(() => undefined);
      client = null; // the database was dropped or recreated: connect again
    }
    await new Promise((r) => setTimeout(r, Math.max(0, SAMPLE_MS - (Date.now() - started))));
  }
  const code = await exited;
  await client?.end().catch(() => undefined);
  const total = [...counts.values()].reduce((s, n) => s + n, 0);
  console.log(`\nlock waits in ${DB}: ${samples} samples every ${SAMPLE_MS} ms, ${waitingSamples} with a wait, ${total} (waiter, blocker) pairs`);
  console.log('count\twaiting\tblocking\trelation');
  for (const [k, n] of [...counts].sort((a, b) => b[1] - a[1])) console.log(`${n}\t${k}`);
  process.exitCode = code;
}

await main();
