/**
 * Originals game maths: slot simulation speed on one core, exact slot RTP time, and every game's
 * simulated RTP with a 95 % confidence interval next to its exact figure.
 *
 *   npm run bench:originals   (= BENCH_ONLY=originals npm run bench; also npx tsx bench/originals-bench.ts)
 *   env: BENCH_RUNS=5 BENCH_SLOT_SPINS=5000000 BENCH_SLOT_ROUNDS=100000000 BENCH_ROUNDS=10000000;
 *   BENCH_QUICK=1 makes the defaults small (seconds, not minutes) to check that the benchmark works.
 *
 * Its section goes to docs/benchmarks.md (bench/report.ts).
 */
import { cpus, totalmem } from 'node:os';
import { CRASH_STRATEGIES, DICE_STRATEGIES, MINES_STRATEGIES, simulateCrash, simulateDice, simulateMines } from '../apps/originals/src/engine/simulate.ts';
import type { Simulation } from '../apps/originals/src/engine/simulate.ts';
import { diceWinRolls } from '../apps/originals/src/engine/dice.ts';
import { SLOT_FIGURES } from '../apps/originals/src/engine/slot/config.ts';
import { slotExactRtp } from '../apps/originals/src/engine/slot/exact.ts';
import { simulateSlotParallel } from '../apps/originals/src/engine/slot/sim-parallel.ts';
import { compiledFortuneReels, simulateSlot } from '../apps/originals/src/engine/slot/simulate.ts';
import { estimateMean } from '@playhall/fairness';
import { isMain, runAndRecord, today, type BenchResult, type Goal } from './report.ts';

const QUICK = Boolean(process.env.BENCH_QUICK);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SLOT_SPINS = Number(process.env.BENCH_SLOT_SPINS ?? (QUICK ? 1_000_000 : 5_000_000));
const SLOT_ROUNDS = Number(process.env.BENCH_SLOT_ROUNDS ?? (QUICK ? 4_000_000 : 100_000_000));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (QUICK ? 500_000 : 10_000_000));
const EXACT_RUNS = QUICK ? 1 : 3;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const pct = (x: number, digits = 3) => `${(x * 100).toFixed(digits)} %`;
const int = (x: number) => Math.round(x).toLocaleString('en-US');

function slotSpeed(): { roundsPerSec: number[]; spinsPerSec: number[] } {
  compiledFortuneReels();
  simulateSlot(1_000_000, 1); // warm up the JIT
  const roundsPerSec: number[] = [];
  const spinsPerSec: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const t = performance.now();
    const sim = simulateSlot(SLOT_SPINS, 1000 + run);
    const s = (performance.now() - t) / 1000;
    roundsPerSec.push(sim.rounds / s);
    spinsPerSec.push(sim.spins / s);
    console.log(`slot speed run ${run + 1}: ${int(sim.rounds / s)} rounds/s, ${int(sim.spins / s)} spins/s`);
  }
  return { roundsPerSec, spinsPerSec };
}

interface RtpRow {
  game: string;
  rounds: number;
  exact: number;
  mean: number;
  low: number;
  high: number;
  note: string;
  ms: number;
}

function formulaRow(game: string, note: string, run: () => Simulation): RtpRow {
  const t = performance.now();
  const sim = run();
  const ms = performance.now() - t;
  const est = estimateMean(sim.rounds, sim.sum, sim.sumSquares);
  console.log(`${game}: ${pct(est.mean)} [${pct(est.low)}, ${pct(est.high)}] exact ${pct(sim.expectedMean, 4)} (${(ms / 1000).toFixed(1)} s)`);
  return { game, rounds: sim.rounds, exact: sim.expectedMean, mean: est.mean, low: est.low, high: est.high, note, ms };
}

export async function benchOriginals(): Promise<BenchResult> {
  const speed = slotSpeed();

  const exactMs: number[] = [];
  let exact = slotExactRtp();
  for (let run = 0; run < EXACT_RUNS; run++) {
    exact = slotExactRtp();
    exactMs.push(exact.ms);
    console.log(`exact slot RTP run ${run + 1}: ${pct(exact.rtp, 6)} in ${exact.ms.toFixed(0)} ms`);
  }

  const rows: RtpRow[] = [];
  {
    const t = performance.now();
    const half = Math.floor(SLOT_ROUNDS / 2);
    const sim = await simulateSlotParallel(half, [11, 12]);
    const ms = performance.now() - t;
    const est = estimateMean(sim.rounds, sim.sum, sim.sumSquares);
    console.log(`slot: ${pct(est.mean)} [${pct(est.low)}, ${pct(est.high)}] exact ${pct(exact.rtp, 4)} (${(ms / 1000).toFixed(1)} s)`);
    rows.push({
      game: 'Slot (Fortune Reels)',
      rounds: sim.rounds,
      exact: exact.rtp,
      mean: est.mean,
      low: est.low,
      high: est.high,
      note: `2 worker threads; ${int(sim.spins)} spins incl. free spins; σ per round ${est.stdDev.toFixed(3)} (exact ${exact.stdDev.toFixed(3)})`,
      ms,
    });
  }
  rows.push(formulaRow('Crash', `cash-out targets ${CRASH_STRATEGIES.map((m) => (m / 100).toFixed(2) + '×').join(', ')} in turn`, () => simulateCrash(ROUNDS, 21)));
  rows.push(formulaRow('Mines', `(mines, picks) ${MINES_STRATEGIES.map((s) => `(${s.mines}, ${s.picks})`).join(', ')} in turn`, () => simulateMines(ROUNDS, 22)));
  const chances = DICE_STRATEGIES.map((s) => diceWinRolls(s.target, s.direction) / 100);
  rows.push(formulaRow('Dice', `${DICE_STRATEGIES.length} targets from ${Math.min(...chances)} % to ${Math.max(...chances)} % win chance, both directions, in turn`, () => simulateDice(ROUNDS, 23)));

  const spins = median(speed.spinsPerSec);
  const rounds = median(speed.roundsPerSec);
  const exactTime = median(exactMs);
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const inside = (r: RtpRow) => r.exact >= r.low && r.exact <= r.high;
  const goals: Goal[] = [
    { goal: '≥ 1,000,000 slot spins/s on one core', measured: `${int(spins)} spins/s`, met: spins >= 1_000_000 },
    { goal: 'exact slot RTP in < 10 s', measured: `${(exactTime / 1000).toFixed(2)} s`, met: exactTime < 10_000 },
    ...rows.map((r) => ({ goal: `${r.game}: exact RTP inside the simulated 95 % CI`, measured: `${pct(r.exact, 4)} in ${pct(r.low)} – ${pct(r.high)}`, met: inside(r) })),
  ];
  const lines = [
    '## Originals game maths',
    '',
    `Machine: ${cpus().length} cores (${cpu}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}. The machine may be shared: figures are medians.`,
    '',
    '### Slot simulation speed (one core)',
    '',
    `\`simulateSlot\` (compiled evaluator, xoshiro128**) in the main thread, ${int(SLOT_SPINS)} rounds per run, median of ${RUNS} runs after a warm-up.`,
    'A spin is one evaluated 5×3 screen (a base spin or a free spin); a round is a base spin and all the free spins it leads to.',
    '',
    '| | median | runs |',
    '|---|---:|---|',
    `| spins/s | ${int(spins)} | ${speed.spinsPerSec.map(int).join(' / ')} |`,
    `| rounds/s | ${int(rounds)} | ${speed.roundsPerSec.map(int).join(' / ')} |`,
    '',
    `Goal ≥ 1,000,000 spins/s on one core: **${int(spins)}** — ${spins >= 1_000_000 ? 'met' : 'NOT met'}.`,
    '',
    '### Exact slot RTP',
    '',
    `Enumeration of all ${exact.combinations.toLocaleString('en-US')} reel-stop combinations (free spins use the base strips, so one pass serves both) plus the free-spin feature's closed form (see \`apps/originals/src/engine/slot/exact.ts\`).`,
    '',
    `- RTP **${pct(exact.rtp, 6)}** = base lines ${pct(exact.baseLineRtp, 4)} + base scatters ${pct(exact.baseScatterRtp, 4)} + free spins ${pct(exact.freeSpinsRtp, 4)}`,
    `- σ per round ${exact.stdDev.toFixed(4)} bets; base hit frequency ${pct(exact.hitFrequency, 2)}; free spins 1 in ${(1 / exact.triggerProbability).toFixed(1)} spins, ${exact.expectedFreeSpins[3]?.toFixed(2)} spins expected from 3 scatters (retriggers included)`,
    `- Time: median **${(exactTime / 1000).toFixed(2)} s** of ${EXACT_RUNS} runs (${exactMs.map((m) => (m / 1000).toFixed(2)).join(' / ')} s). Goal < 10 s — ${exactTime < 10_000 ? 'met' : 'NOT met'}.`,
    `- Published figure (\`SLOT_FIGURES.rtp\`): ${pct(SLOT_FIGURES.rtp, 6)}.`,
    '',
    '### RTP by simulation, 95 % confidence intervals',
    '',
    'Each simulation plays the real game code on a seeded xoshiro128** source. Formula games cycle through a fixed set of player',
    'strategies; their exact RTP is the average of the strategies\' exact RTPs (each is 96.49-96.50 %).',
    '',
    '| Game | Rounds | Exact RTP | Simulated RTP | 95 % CI | Exact inside CI | Time | Strategy |',
    '|---|---:|---:|---:|---|---|---:|---|',
    ...rows.map(
      (r) =>
        `| ${r.game} | ${int(r.rounds)} | ${pct(r.exact, 4)} | ${pct(r.mean)} | ${pct(r.low)} – ${pct(r.high)} | ${inside(r) ? 'yes' : 'no'} | ${(r.ms / 1000).toFixed(1)} s | ${r.note} |`,
    ),
    '',
    'A 95 % interval misses the true value one time in twenty by design; a "no" on a single run is not by itself a defect',
    '(the test suite checks 3σ and ±0.1 pp on fixed seeds).',
    '',
  ];
  const full = !QUICK && RUNS >= 3 && SLOT_SPINS >= 5_000_000 && SLOT_ROUNDS >= 100_000_000 && ROUNDS >= 10_000_000;
  return { id: 'originals', markdown: lines.join('\n'), goals, ok: true, full, date: today() };
}

if (isMain(import.meta.url)) process.exit(await runAndRecord([['originals', benchOriginals]]));
