/**
 * Node-only worker for `simulateSlotParallel`: runs `simulateSlot` for the rounds and seed it is
 * given and posts the sums back.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { simulateSlot } from './simulate.ts';

const { rounds, seed } = workerData as { rounds: number; seed: number };
parentPort?.postMessage(simulateSlot(rounds, seed));
