/**
 * Node-only: the slot simulation split over worker threads (one per seed), for the RTP test and
 * the benchmark. Workers load TypeScript through tsx (a root dev dependency), as the repo's
 * scripts do.
 */
import { Worker } from 'node:worker_threads';
import type { SlotSimulation } from './simulate.ts';

function runWorker(rounds: number, seed: number): Promise<SlotSimulation> {
  return new Promise((resolve, reject) => {
    // The worker registers tsx's loader itself, then imports the TypeScript worker module.
    const entry = new URL('./sim-worker.ts', import.meta.url).href;
    const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
    const worker = new Worker(boot, { eval: true, workerData: { rounds, seed } });
    worker.once('message', (m: SlotSimulation) => resolve(m));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`slot simulation worker exited with code ${code}`));
    });
  });
}

/** Simulates `roundsPerSeed` rounds for each seed, in parallel, and adds the results up. */
export async function simulateSlotParallel(roundsPerSeed: number, seeds: readonly number[]): Promise<SlotSimulation> {
  const parts = await Promise.all(seeds.map((seed) => runWorker(roundsPerSeed, seed)));
  return parts.reduce((a, b) => ({
    rounds: a.rounds + b.rounds,
    spins: a.spins + b.spins,
    sum: a.sum + b.sum,
    sumSquares: a.sumSquares + b.sumSquares,
    hits: a.hits + b.hits,
    triggers: a.triggers + b.triggers,
    maxWin: Math.max(a.maxWin, b.maxWin),
  }));
}
