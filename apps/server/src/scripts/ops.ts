/**
 * The operator CLI: staff actions through the operator API of a running server.
 *
 *   npm run ops -- withdrawals list [--status pending|approved|paid|rejected|failed] [--page N]
 *   npm run ops -- withdrawals show <orderId>
 *   npm run ops -- withdrawals approve <orderId>
 *   npm run ops -- withdrawals reject <orderId> --reason "<text>"
 *   npm run ops -- withdrawals payout <orderId>     (retry an approved request's payout)
 *   npm run ops -- alerts list [--kind winCapExceeded|lateWin] [--page N]   (what the wallet flagged, newest first)
 *   npm run ops -- players unlock <account|phone|#id>   (lift a login lockout once support knows who asks)
 *   npm run ops -- events daily [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--name <event>]   (tracked client events per day, default the last 7 days)
 *   npm run ops -- activities list | show <id> | enable <id> | disable <id>
 *   npm run ops -- activities create --file <activity.json>   (created disabled; see docs/rewards.md for each type's settings)
 *   npm run ops -- activities edit <id> --file <changes.json>
 *
 * Server: --url, else PLAYHALL_URL, else http://127.0.0.1:$PORT (8080). Token: OPERATOR_TOKEN, else
 * the file a development server writes (DATA_DIR/operator-token). The audit log records every action
 * under the identity the token authenticates (the server's OPERATOR_NAME), never a name the CLI sends.
 * Exits 1 on any refusal.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { OperatorPrefix, type OperatorActivity, type OperatorAlertPage, type OperatorEventDaily, type OperatorWithdrawal, type OperatorWithdrawalPage } from '@playhall/contract';
import { defaultDataDir } from '../config.ts';
import { operatorTokenFile } from '../lib/operator-token.ts';
import type { UnlockResult } from '../modules/accounts/account-locks.service.ts';

const USAGE = `Usage: npm run ops -- withdrawals <list|show|approve|reject|payout> [orderId] [options]
       npm run ops -- alerts list [--kind winCapExceeded|lateWin] [--page <n>]
       npm run ops -- players unlock <account|phone|#id>
       npm run ops -- events daily [--from <day>] [--to <day>] [--name <event>]
       npm run ops -- activities <list|show|enable|disable|create|edit> [id] [--file <json>]
  --status <s>    list: only this status (pending, approved, paid, rejected, failed)
  --kind <k>      alerts list: only this kind (winCapExceeded, lateWin)
  --page <n>      list: page number (20 per page)
  --from, --to    events daily: UTC days (YYYY-MM-DD; default the last 7 days up to today)
  --name <event>  events daily: only this event (page_view, game_launch, deposit_start, popup_show, popup_claim)
  --reason <text> reject: why, shown to the player (3-200 characters)
  --file <path>   activities create/edit: the activity (or the fields to change) as JSON
  --url <url>     the server (default: PLAYHALL_URL or http://127.0.0.1:$PORT)`;

class CliError extends Error {}

function token(): string {
  if (process.env.OPERATOR_TOKEN) return process.env.OPERATOR_TOKEN;
  const file = operatorTokenFile(resolve(process.env.DATA_DIR || defaultDataDir));
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    throw new CliError(`No operator token: set OPERATOR_TOKEN, or start the server once (it writes ${file})`);
  }
}

async function call<T>(base: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${base}${OperatorPrefix}${path}`, {
      method,
      headers: { authorization: `Bearer ${token()}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch (err) {
    throw new CliError(`Cannot reach the server at ${base}: ${(err as Error).message}. Is it running (npm start)?`);
  }
  const json = (await res.json().catch(() => null)) as { code: number; msg: string; data: T } | null;
  if (!json) throw new CliError(`The server answered HTTP ${res.status} without a JSON body`);
  if (json.code !== 200) throw new CliError(`Refused (${json.code}): ${json.msg}`);
  return json.data;
}

const money = (hundredths: number) => (hundredths / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function describe(w: OperatorWithdrawal): string {
  const lines = [
    `${w.orderId}  ${w.status.toUpperCase()}  ${money(w.amount)}`,
    `  player   ${w.account} (#${w.userId})`,
    `  to       ${w.typeName}${w.bankName ? ` / ${w.bankName}` : ''}  ${w.accountName}  ${w.accountNo}`,
    `  created  ${w.createdAt}`,
  ];
  if (w.reviewedAt) lines.push(`  reviewed ${w.reviewedAt} by ${w.reviewedBy ?? '?'}`);
  if (w.closedAt) lines.push(`  closed   ${w.closedAt}${w.providerRef ? `  ref ${w.providerRef}` : ''}`);
  if (w.reason) lines.push(`  reason   ${w.reason}`);
  return lines.join('\n');
}

function table(p: OperatorWithdrawalPage): string {
  if (p.list.length === 0) return 'No withdrawal requests.';
  const rows = p.list.map((w) => [w.orderId, w.status, money(w.amount).padStart(12), w.account, w.typeName, w.createdAt].join('  '));
  const pages = Math.max(1, Math.ceil(p.total / p.pageSize));
  return [...rows, `${p.total} request(s), ${money(p.totalAmount)} in all; page ${p.page} of ${pages}`].join('\n');
}

function alertTable(p: OperatorAlertPage): string {
  if (p.list.length === 0) return 'No alerts.';
  const rows = p.list.map((a) => `${a.lastAt}  ${a.kind}  ×${a.occurrences}  ${money(a.amountTotal)}\n  ${a.message}`);
  const pages = Math.max(1, Math.ceil(p.total / p.pageSize));
  return [...rows, `${p.total} alert(s); page ${p.page} of ${pages}`].join('\n');
}

async function alerts(base: string, action: string, values: { kind?: string; page?: string }): Promise<string> {
  if (action !== 'list') throw new CliError(`Unknown action ${action}\n${USAGE}`);
  const q = new URLSearchParams();
  if (values.kind) q.set('kind', values.kind);
  if (values.page) q.set('page', values.page);
  return alertTable(await call<OperatorAlertPage>(base, 'GET', `/alerts?${q}`));
}

async function players(base: string, action: string, player: string | undefined): Promise<string> {
  if (action !== 'unlock') throw new CliError(`Unknown action ${action}\n${USAGE}`);
  if (!player) throw new CliError(`unlock needs a player: an account name, a phone number or #<user id>\n${USAGE}`);
  const r = await call<UnlockResult>(base, 'POST', '/players/unlock', { player });
  const who = `${r.account ?? r.mobile ?? 'player'} (#${r.userId})`;
  return r.wasLockedUntil
    ? `${who} unlocked: the lock would have lasted until ${r.wasLockedUntil}; failed logins forgotten`
    : `${who} was not locked; failed logins forgotten`;
}

async function events(base: string, action: string, values: { from?: string; to?: string; name?: string }): Promise<string> {
  if (action !== 'daily') throw new CliError(`Unknown action ${action}\n${USAGE}`);
  const to = values.to ?? new Date().toISOString().slice(0, 10);
  const from = values.from ?? new Date(Date.parse(to) - 6 * 86_400_000).toISOString().slice(0, 10);
  const q = new URLSearchParams({ from, to });
  if (values.name) q.set('name', values.name);
  const { list } = await call<OperatorEventDaily>(base, 'GET', `/events/daily?${q}`);
  if (list.length === 0) return `No events from ${from} to ${to}.`;
  const width = Math.max(...list.map((r) => r.name.length));
  const rows = list.map((r) => `${r.day}  ${r.name.padEnd(width)}  ${String(r.count).padStart(9)}`);
  return [...rows, `${list.reduce((n, r) => n + r.count, 0)} event(s) from ${from} to ${to}`].join('\n');
}

function activityLine(a: OperatorActivity): string {
  const window = `${a.startsAt ?? 'always'} → ${a.endsAt ?? 'open-ended'}`;
  return `#${a.id}  type ${a.type}  ${a.running ? 'RUNNING' : a.enabled ? 'enabled (outside its window)' : 'disabled'}  sort ${a.sort}  ${a.name}  (${window})`;
}

function readJson(file: string | undefined, action: string): unknown {
  if (!file) throw new CliError(`activities ${action} needs --file <path to a JSON file>`);
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new CliError(`Cannot read ${file} as JSON: ${(err as Error).message}`);
  }
}

async function activities(base: string, action: string, id: string | undefined, values: { file?: string }): Promise<string> {
  const needId = () => {
    if (!id || !/^[1-9][0-9]{0,9}$/.test(id)) throw new CliError(`activities ${action} needs an activity id (a number)\n${USAGE}`);
    return id;
  };
  const show = (a: OperatorActivity) => [activityLine(a), `  click ${a.clickType} ${a.clickAction || '(its own page)'}`, `  settings ${JSON.stringify(a.settings)}`].join('\n');
  switch (action) {
    case 'list': {
      const list = await call<OperatorActivity[]>(base, 'GET', '/activities');
      return list.length ? list.map(activityLine).join('\n') : 'No activities.';
    }
    case 'show':
      return show(await call<OperatorActivity>(base, 'GET', `/activities/${needId()}`));
    case 'enable':
    case 'disable':
      return show(await call<OperatorActivity>(base, 'POST', `/activities/${needId()}/${action}`, {}));
    case 'create':
      return show(await call<OperatorActivity>(base, 'POST', '/activities', readJson(values.file, action)));
    case 'edit': {
      const target = needId();
      return show(await call<OperatorActivity>(base, 'POST', `/activities/${target}`, readJson(values.file, action)));
    }
    default:
      throw new CliError(`Unknown action ${action}\n${USAGE}`);
  }
}

async function runOps(argv: string[]): Promise<string> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      status: { type: 'string' },
      kind: { type: 'string' },
      page: { type: 'string' },
      reason: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      name: { type: 'string' },
      file: { type: 'string' },
      url: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [area, action, orderId] = positionals;
  if (values.help || !['withdrawals', 'alerts', 'players', 'events', 'activities'].includes(area ?? '') || !action) throw new CliError(USAGE);
  const base = (values.url ?? process.env.PLAYHALL_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`).replace(/\/+$/, '');
  if (area === 'alerts') return alerts(base, action, values);
  if (area === 'players') return players(base, action, orderId);
  if (area === 'events') return events(base, action, values);
  if (area === 'activities') return activities(base, action, orderId, values);
  const needId = () => {
    if (!orderId) throw new CliError(`${action} needs an order id (WD…)\n${USAGE}`);
    return encodeURIComponent(orderId);
  };
  switch (action) {
    case 'list': {
      const q = new URLSearchParams();
      if (values.status) q.set('status', values.status);
      if (values.page) q.set('page', values.page);
      return table(await call<OperatorWithdrawalPage>(base, 'GET', `/withdrawals?${q}`));
    }
    case 'show':
      return describe(await call<OperatorWithdrawal>(base, 'GET', `/withdrawals/${needId()}`));
    case 'approve':
    case 'payout':
      return describe(await call<OperatorWithdrawal>(base, 'POST', `/withdrawals/${needId()}/${action}`, {}));
    case 'reject': {
      const id = needId();
      if (!values.reason) throw new CliError('reject needs --reason "<why>" (the player sees it)');
      return describe(await call<OperatorWithdrawal>(base, 'POST', `/withdrawals/${id}/reject`, { reason: values.reason }));
    }
    default:
      throw new CliError(`Unknown action ${action}\n${USAGE}`);
  }
}

runOps(process.argv.slice(2)).then(
  (out) => console.log(out),
  (err: unknown) => {
    console.error(err instanceof CliError ? err.message : err);
    process.exit(1);
  },
);
