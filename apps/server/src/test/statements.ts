import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../db/client.ts';
import { LISTENER_NAME } from '../db/change-feed.ts';

/**
 * Records the text of every statement the database driver sends for `fn`: node-postgres'
 * Client.query (the pool and transactions go through it; the change feed's listener connection is
 * left out) or the PGlite instance's query, exec and transactions ('begin' for each). The round
 * trips a call costs: the hot calls' regression check (plugins/app/hot-calls.test.ts) and the
 * caches' tests count them. Only statements sent from `fn`'s own asynchronous context count (what it
 * started, however deep): the app's timers (the Originals' sweeper, consumers' polls) started before
 * it run in theirs, and a loaded machine that lets one of them fire meanwhile changes nothing here.
 */
const caller = new AsyncLocalStorage<string[]>();

export async function statementsOf(database: Database, fn: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const ours = () => caller.getStore() === seen;
  const text = (q: unknown) => (typeof q === 'string' ? q : ((q as { text?: string } | null)?.text ?? '')).replace(/\s+/g, ' ').trim();
  const restore: (() => void)[] = [];
  const patch = <O extends object, K extends keyof O>(owner: O, key: K, wrap: (original: O[K]) => O[K]) => {
    const original = owner[key];
    owner[key] = wrap(original);
    restore.push(() => (owner[key] = original));
  };
  type Query = (...args: unknown[]) => unknown;
  const counting = (original: Query): Query =>
    function (this: unknown, ...args: unknown[]) {
      const params = (this as { connectionParameters?: { application_name?: string } } | null)?.connectionParameters;
      if (ours() && params?.application_name !== LISTENER_NAME) seen.push(text(args[0]));
      return original.apply(this, args);
    };
  if (database.kind === 'pg') {
    patch(pg.Client.prototype as unknown as { query: Query }, 'query', counting);
  } else {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const loose = client as unknown as { query: Query; exec: Query; transaction: (fn: (tx: Transaction) => Promise<unknown>) => Promise<unknown> };
    patch(loose, 'query', (q) => counting(q.bind(client)));
    patch(loose, 'exec', (q) => counting(q.bind(client)));
    patch(loose, 'transaction', (begin) => (fn) => {
      if (ours()) seen.push('begin');
      return begin.call(client, (tx) => fn(Object.assign(Object.create(tx) as Transaction, { query: counting(tx.query.bind(tx) as Query), exec: counting(tx.exec.bind(tx) as Query) })));
    });
  }
  try {
    await caller.run(seen, fn);
  } finally {
    for (const undo of restore.reverse()) undo();
  }
  return seen;
}
