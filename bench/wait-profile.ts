/**
 * Where the time goes during the consumers benchmark's measured windows (issue 17, decision 061):
 * runs a command (normally bench/consumers-bench.ts, with BENCH_LEG_TIMES=1 set here so it prints
 * each measured window) and, every WAIT_SAMPLE_MS, reads each backend of WAIT_DB that is active or
 * idle in a transaction, with its wait event ('CPU' when none) and, with WAIT_BY_QUERY=1, its
 * statement's first words. Every 20 samples it also reads the machine's busy share (/proc/stat), the
 * WAL position and syncs (pg_stat_wal), and WAIT_DB's commits, rows returned and fetched and buffers
 * (pg_stat_database). Per kind of window (consumers on / off, per client count) it prints the average
 * number of backends in each state per sample, and the rates over the windows.
 *
 *   WAIT_DB=playhall_bench_consumers BENCH_SECONDS=10 BENCH_RUNS=2 BENCH_CONSUMER_CLIENTS=8 \
 *     npx tsx bench/wait-profile.ts -- npx tsx bench/consumers-bench.ts
 *   env: WAIT_DB, WAIT_SAMPLE_MS=25, WAIT_BY_QUERY=1, BENCH_PG_URL (the server)
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { urlFor } from './pg-tools.ts';

const DB = process.env.WAIT_DB ?? 'playhall_bench_consumers';
const SAMPLE_MS = Number(process.env.WAIT_SAMPLE_MS ?? 25);
const BY_QUERY = process.env.WAIT_BY_QUERY === '1';

const BACKENDS_SQL = `
select coalesce(wait_event_type || ':' || wait_event, 'CPU') as w, state, left(regexp_replace(query, '\\s+', ' ', 'g'), 50) as q
  from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and state in ('active', 'idle in transaction')`;
const COUNTERS_SQL = `
select (pg_current_wal_lsn() - '0/0'::pg_lsn)::text as wal, (select wal_sync from pg_stat_wal)::text as syncs,
       xact_commit::text as commits, tup_returned::text as returned, tup_fetched::text as fetched, (blks_hit + blks_read)::text as buffers
  from pg_stat_database where datname = $1`;

type Counters = { wal: number; syncs: number; commits: number; returned: number; fetched: number; buffers: number; busy: number; total: number };

function machine(): { busy: number; total: number } {
  const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number);
  const total = ticks.reduce((a, b) => a + b, 0);
  return { busy: total - ticks[3]! - ticks[4]!, total };
}

async function main(): Promise<void> {
  const sep = process.argv.indexOf('--');
  const cmd = sep >= 0 ? process.argv.slice(sep + 1) : [];
  if (!cmd.length) throw new Error('usage: WAIT_DB=<db> npx tsx bench/wait-profile.ts -- <command>');
  const windows: { on: boolean; clients: number; from: number; to: number }[] = [];
  const child = spawn(cmd[0]!, cmd.slice(1), { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, BENCH_LEG_TIMES: '1' } });
  child.stdout.setEncoding('utf8');
  let pending = '';
  child.stdout.on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const m = /^leg-window (on|off) (\d+) (\d+) (\d+)/.exec(line);
      if (m) windows.push({ on: m[1] === 'on', clients: Number(m[2]), from: Number(m[3]), to: Number(m[4]) });
      else console.log(line);
    }
  });
  let done = false;
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => ((done = true), resolve(code ?? 1))));

  const samples: { t: number; states: string[] }[] = [];
  const marks: { t: number; c: Counters }[] = [];
  let client: pg.Client | null = null;
  for (let tick = 0; !done; tick++) {
    const t = Date.now();
    try {
      if (!client) {
        client = new pg.Client({ connectionString: urlFor(DB) });
        client.on('error', () => undefined);
        await client.connect();
      }
      const rows = (await client.query<{ w: string; state: string; q: string }>(BACKENDS_SQL, [DB])).rows;
      samples.push({ t, states: rows.map((r) => (r.state === 'idle in transaction' ? 'idle in tx' : r.w) + (BY_QUERY ? ` | ${r.q}` : '')) });
      if (tick % 20 === 0) {
        const r = (await client.query<Record<keyof Omit<Counters, 'busy' | 'total'>, string>>(COUNTERS_SQL, [DB])).rows[0];
        if (r) marks.push({ t, c: { wal: Number(r.wal), syncs: Number(r.syncs), commits: Number(r.commits), returned: Number(r.returned), fetched: Number(r.fetched), buffers: Number(r.buffers), ...machine() } });
      }
    } catch {
      await client?.end().catch(() => undefined);
      client = null; // the database is not there yet, or was dropped: connect again
    }
    await new Promise((r) => setTimeout(r, Math.max(0, SAMPLE_MS - (Date.now() - t))));
  }
  const code = await exited;
  await client?.end().catch(() => undefined);

  const kinds = [...new Set(windows.map((w) => `${w.on ? 'on' : 'off'} ${w.clients}`))];
  for (const kind of kinds) {
    const ws = windows.filter((w) => `${w.on ? 'on' : 'off'} ${w.clients}` === kind);
    const inside = (t: number) => ws.some((w) => t >= w.from && t <= w.to);
    const mine = samples.filter((s) => inside(s.t));
    const counts = new Map<string, number>();
    for (const s of mine) for (const state of s.states) counts.set(state, (counts.get(state) ?? 0) + 1);
    const sum = { wal: 0, syncs: 0, commits: 0, returned: 0, fetched: 0, buffers: 0, busy: 0, total: 0, seconds: 0 };
    for (let i = 1; i < marks.length; i++) {
      const [a, b] = [marks[i - 1]!, marks[i]!];
      if (!inside(a.t) || !inside(b.t)) continue;
      for (const k of Object.keys(a.c) as (keyof Counters)[]) sum[k] += b.c[k] - a.c[k];
      sum.seconds += (b.t - a.t) / 1000;
    }
    const perS = (n: number) => (n / sum.seconds).toFixed(0);
    const [on, clients] = kind.split(' ');
    console.log(`\n== consumers ${on}, ${clients} clients: ${mine.length} samples; backends per sample in each state:`);
    for (const [state, n] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${(n / Math.max(1, mine.length)).toFixed(3)}\t${state}`);
    console.log(
      `  over ${sum.seconds.toFixed(1)} s: machine busy ${((sum.busy / sum.total) * 100).toFixed(0)} %; WAL ${(sum.wal / sum.seconds / 1e6).toFixed(2)} MB/s, ${perS(sum.syncs)} syncs/s; ` +
        `${perS(sum.commits)} commits/s; rows returned ${perS(sum.returned)}/s, fetched ${perS(sum.fetched)}/s; buffers ${perS(sum.buffers)}/s`,
    );
  }
  process.exitCode = code;
}

await main();
