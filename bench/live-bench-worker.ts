/**
 * A live worker process for bench/live-bench.ts: the server's own (runLiveWorker), plus the
 * benchmark's two commands: `raw`, the baseline (ws's broadcast as its documentation writes it, to
 * every socket this worker holds), and `cpu`, this process's CPU time so far.
 */
import type { WebSocket } from 'ws';
import { runLiveWorker } from '../apps/server/src/modules/live/live.worker.ts';

runLiveWorker((msg, hub) => {
  if (msg.t === 'raw') {
    const buf = Buffer.from((msg as unknown as { frame: string }).frame);
    for (const ws of hub.sockets()) if ((ws as WebSocket).readyState === 1) ws.send(buf, { binary: false });
  } else if (msg.t === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send!({ t: 'cpu', us: user + system });
  }
});
