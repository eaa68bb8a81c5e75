/**
 * Every benchmark in sequence — ledger, game rounds, Originals, client events, rewards, game rounds
 * with the event consumers running, the player bundle, Lighthouse on the home page, the API's hot calls, live pushes over WebSocket — into one docs/benchmarks.md.
 *
 *   npm run bench   (env: BENCH_ONLY=ledger,rounds,consumers runs a subset and keeps the other
 *                    sections of docs/benchmarks.md; each benchmark's own settings are in its file:
 *                    BENCH_SECONDS, BENCH_RUNS, BENCH_CLIENTS, BENCH_PG_URL, BENCH_QUICK, ...)
 *
 * Exits non-zero when a benchmark fails or a ledger check after the runs finds differences.
 */
import { BENCHMARKS, runAndRecord, type BenchId, type BenchResult } from './report.ts';

// Loaded only when chosen: BENCH_ONLY=originals needs neither PostgreSQL nor the server's modules.
const RUNNERS: Record<BenchId, () => Promise<BenchResult>> = {
  ledger: async () => (await import('./ledger-bench.ts')).benchLedger(),
  rounds: async () => (await import('./rounds-bench.ts')).benchRounds(),
  originals: async () => (await import('./originals-bench.ts')).benchOriginals(),
  events: async () => (await import('./events-bench.ts')).benchEvents(),
  rewards: async () => (await import('./rewards-bench.ts')).benchRewards(),
  consumers: async () => (await import('./consumers-bench.ts')).benchConsumers(),
  bundle: async () => (await import('./bundle-bench.ts')).benchBundle(),
  lighthouse: async () => (await import('./lighthouse-bench.ts')).benchLighthouse(),
  api: async () => (await import('./api-bench.ts')).benchApi(),
  live: async () => (await import('./live-bench.ts')).benchLive(),
};

function chosen(only: string | undefined): BenchId[] {
  const names = (only ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = names.filter((n) => !(BENCHMARKS as readonly string[]).includes(n));
  if (unknown.length) throw new Error(`BENCH_ONLY: unknown benchmark ${unknown.map((n) => `"${n}"`).join(', ')} (known: ${BENCHMARKS.join(', ')})`);
  // Always in the documented order, whatever order BENCH_ONLY lists them in.
  return names.length ? BENCHMARKS.filter((id) => names.includes(id)) : [...BENCHMARKS];
}

let ids: BenchId[];
try {
  ids = chosen(process.env.BENCH_ONLY);
} catch (err) {
  console.error((err as Error).message);
  process.exit(2);
}
process.exit(await runAndRecord(ids.map((id) => [id, RUNNERS[id]] as const)));
