import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus metrics (decision 042), served at /metrics by modules/system. One
 * registry per process, as one process is one server: the group commits, the ledger and the
 * request hook write to it wherever they run; what belongs to one app (its database pool, its
 * event runner) is read when /metrics is scraped.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'playhall_' });

const registers = [metricsRegistry];

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** One route, method and status: requests per latency bucket (the last is +Inf), their sum and count. */
interface Series {
  readonly labels: { route: string; method: string; status: string };
  readonly perBucket: Float64Array;
  sum: number;
  count: number;
}

/**
 * Calls answered, by contract route (never the raw URL), method and HTTP status: rate and latency,
 * as a Prometheus histogram. Not prom-client's Histogram: its child hashes its labels on every
 * observation (3 µs a request measured, decision 042); here an observation is three map lookups
 * on strings whose hashes are cached (the route and method are the same string objects each
 * time; a joined key would be a new string to hash) and a few array steps: about 0.1 µs.
 * Cumulated into buckets when scraped.
 */
class RequestHistogram {
  readonly name = 'playhall_http_request_duration_seconds';
  readonly help = 'Requests answered, by route pattern, method and HTTP status, and how long they took';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  /** route → method → status. */
  private readonly series = new Map<string, Map<string, Map<number, Series>>>();

  observe(route: string, method: string, status: number, seconds: number): void {
    let byMethod = this.series.get(route);
    if (!byMethod) this.series.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let s = byStatus.get(status);
    if (!s) byStatus.set(status, (s = { labels: { route, method, status: String(status) }, perBucket: new Float64Array(LATENCY_BUCKETS.length + 1), sum: 0, count: 0 }));
    let i = 0;
    while (i < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[i]!) i++;
    s.perBucket[i]!++;
    s.sum += seconds;
    s.count++;
  }

  get() {
    const values: { metricName: string; labels: Record<string, string | number>; value: number }[] = [];
    for (const s of [...this.series.values()].flatMap((m) => [...m.values()]).flatMap((m) => [...m.values()])) {
      let cumulated = 0;
      s.perBucket.forEach((n, i) => {
        cumulated += n;
        values.push({ metricName: `${this.name}_bucket`, labels: { ...s.labels, le: LATENCY_BUCKETS[i] ?? '+Inf' }, value: cumulated });
      });
      values.push({ metricName: `${this.name}_sum`, labels: s.labels, value: s.sum }, { metricName: `${this.name}_count`, labels: s.labels, value: s.count });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  reset(): void {
    this.series.clear();
  }
}

export const requestDuration = new RequestHistogram();
metricsRegistry.registerMetric(requestDuration as unknown as Parameters<Registry['registerMetric']>[0]);

/** Calls refused or failed, by route and envelope code (product codes ride on HTTP 200). */
export const requestErrors = new Counter({
  name: 'playhall_http_request_errors_total',
  help: 'Calls answered with an error envelope, by route pattern and envelope code',
  labelNames: ['route', 'code'] as const,
  registers,
});

/** Counts of the answers served before routing, kept as plain numbers by their owner (a hot path) and read at each scrape. */
export interface EarlyAnswerCounts {
  route: string;
  answered: number;
  handedOver: number;
}
const earlyAnswerSources: (() => Iterable<EarlyAnswerCounts>)[] = [];

/**
 * Calls taken before routing (decisions 067 and 070): answered there, or handed over to the
 * framework (a body not plainly valid, a limit exceeded, a token that is not valid, a handler that
 * failed); a high share handed over means the fast path is not serving.
 */
export const earlyAnswers = new Counter({
  name: 'playhall_early_answers_total',
  help: 'Calls taken before routing (visitors\' kept answers, players\' reads), by route and outcome (answered, handed_over)',
  labelNames: ['route', 'outcome'] as const,
  registers,
  collect() {
    this.reset();
    for (const source of earlyAnswerSources) {
      for (const c of source()) {
        this.labels(c.route, 'answered').inc(c.answered);
        this.labels(c.route, 'handed_over').inc(c.handedOver);
      }
    }
  },
});

/** Adds an app's counts to `earlyAnswers` (every app of the process, as the registry is the process's). */
export function countEarlyAnswers(source: () => Iterable<EarlyAnswerCounts>): void {
  earlyAnswerSources.push(source);
}

/** Items per statement of each group commit (db/group-commit.ts): the batching at work. */
export const groupCommitBatch = new Histogram({
  name: 'playhall_group_commit_batch_size',
  help: 'Items sent together in one statement and commit, per group commit',
  labelNames: ['batcher'] as const,
  buckets: [1, 2, 4, 8, 16, 32, 64, 128],
  registers,
});

/**
 * Ledger transfers: `ledger` counts what ledger_post applied for transfer(), transferIn() and the
 * award function (not replays or refusals; a transferIn() whose caller's transaction then rolls back
 * included); `game_wallet` counts seamless-wallet money calls
 * answered without an error (bets, wins, refunds; replays of a call id included).
 */
export const ledgerTransfers = new Counter({
  name: 'playhall_ledger_transfers_total',
  help: 'Ledger transfers applied (source=ledger: transfers and awards) and game wallet money calls answered (source=game_wallet)',
  labelNames: ['source'] as const,
  registers,
});

export const dbPoolConnections = new Gauge({
  name: 'playhall_db_pool_connections',
  help: 'PostgreSQL pool connections by state (total, idle, waiting clients); absent on PGlite',
  labelNames: ['state'] as const,
  registers,
});

export const eventOutboxReads = new Counter({
  name: 'playhall_event_outbox_reads_total',
  help: 'Reads of the domain-event outbox by the event runner, by reader: a consumer, or a group of consumers sharing one read (names joined by +)',
  labelNames: ['reader'] as const,
  registers,
});

export const eventConsumerBehind = new Gauge({
  name: 'playhall_event_consumer_behind_events',
  help: 'Domain events a consumer has not applied yet (capped at 10000), read at scrape time',
  labelNames: ['consumer'] as const,
  registers,
});

export const eventConsumerOldestAge = new Gauge({
  name: 'playhall_event_consumer_oldest_age_seconds',
  help: 'Age of the oldest domain event a consumer has not applied, 0 when caught up',
  labelNames: ['consumer'] as const,
  registers,
});

const webSocketConnections = new Gauge({
  name: 'playhall_websocket_connections',
  help: 'Open WebSocket connections (live pushes)',
  registers,
});

/** The hook for live pushes: call when a WebSocket opens, and the returned function once when it closes. */
export function trackWebSocket(): () => void {
  webSocketConnections.inc();
  let open = true;
  return () => {
    if (open) webSocketConnections.dec();
    open = false;
  };
}

/** Live pushes (decision 053): messages this instance delivered to its sockets, by topic (one per publish, whatever the number of sockets). */
export const liveMessages = new Counter({
  name: 'playhall_live_messages_total',
  help: 'Live messages this instance delivered to its subscribed sockets, by topic',
  labelNames: ['topic'] as const,
  registers,
});

/** Frames sent to sockets: a message times the sockets subscribed to its topic here. */
export const liveDeliveries = new Counter({
  name: 'playhall_live_deliveries_total',
  help: 'Live frames sent to sockets (messages × subscribed sockets)',
  registers,
});

/** Sockets refused or dropped: limits (sockets_per_ip, server_full, upgrades_per_ip), bad_message, dead (no pong), slow (unread backlog). */
export const liveDropped = new Counter({
  name: 'playhall_live_sockets_dropped_total',
  help: 'WebSockets refused or closed by the server, by reason',
  labelNames: ['reason'] as const,
  registers,
});
