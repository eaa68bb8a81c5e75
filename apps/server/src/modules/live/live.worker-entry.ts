// The entry of a live worker process (decision 057; built as dist/live-worker.js).
import { runLiveWorker } from './live.worker.ts';

runLiveWorker();
