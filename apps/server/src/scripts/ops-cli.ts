/** The operator CLI's commands (ops.ts is its entry point; the usage is there and in USAGE). */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { OperatorPrefix, type OperatorRouteRule, type OperatorActivity, type OperatorAlertPage, type OperatorEventDaily, type OperatorWithdrawal, type OperatorWithdrawalPage } from '@playhall/contract';
import { defaultDataDir } from '../config.ts';
import { operatorTokenFile } from '../lib/operator-token.ts';
import type { UnlockResult } from '../modules/accounts/account-locks.service.ts';

const USAGE = `Usage: npm run ops -- withdrawals <list|show|approve|reject|payout> [orderId] [options]
       npm run ops -- alerts list [--kind winCapExceeded|lateWin] [--page <n>]
       npm run ops -- players unlock <account|phone|#id>
       npm run ops -- events daily [--from <day>] [--to <day>] [--name <event>]
       npm run ops -- activities <list|show|enable|disable|create|edit> [id] [--file <json>]
       npm run ops -- routes <list|set|remove> [path] [target] [--permanent]
  --status <s>    list: only this status (pending, approved, paid, rejected, failed)
  --kind <k>      alerts list: only this kind (winCapExceeded, lateWin)
  --page <n>      list: page number (20 per page)
  --from, --to    events daily: UTC days (YYYY-MM-DD; default the last 7 days up to today)
  --name <event>  events daily: only this event (page_view, game_launch, deposit_start, popup_show, popup_claim)
  --reason <text> reject: why, shown to the player (3-200 characters)
  --file <path>   activities create/edit: the activity (or the fields to change) as JSON
  --permanent     routes set: answer 301 (browsers remember it) instead of 302
  --url <url>     the server (default: PLAYHALL_URL or http://127.0.0.1:$PORT)`;

/** A refusal or a usage error: the CLI prints its message (no stack) and exits 1. */
export class CliError extends Error {}

/** Which server the CLI talks to and the environment its token comes from. */
interface Target {
  base: string;
  env: NodeJS.ProcessEnv;
}

function token(env: NodeJS.ProcessEnv): string {
  if (env.OPERATOR_TOKEN) return env.OPERATOR_TOKEN;
  const file = operatorTokenFile(resolve(env.DATA_DIR || defaultDataDir));
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    throw new CliError(`No operator token: set OPERATOR_TOKEN, or start the server once (it writes ${file})`);
  }
}

async function call<T>({ base, env }: Target, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${base}${OperatorPrefix}${path}`, {
      method,
      headers: { authorization: `Bearer ${token(env)}`, ...(body ? { 'content-type': 'application/json' } : {}) },
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

async function alerts(target: Target, action: string, values: { kind?: string; page?: string }): Promise<string> {
  if (action !== 'list') throw new CliError(`Unknown action ${action}\n${USAGE}`);
  const q = new URLSearchParams();
  if (values.kind) q.set('kind', values.kind);
  if (values.page) q.set('page', values.page);
  return alertTable(await call<OperatorAlertPage>(target, 'GET', `/alerts?${q}`));
}

async function players(target: Target, action: string, player: string | undefined): Promise<string> {
  if (action !== 'unlock') throw new CliError(`Unknown action ${action}\n${USAGE}`);
  if (!player) throw new CliError(`unlock needs a player: an account name, a phone number or #<user id>\n${USAGE}`);
  const r = await call<UnlockResult>(target, 'POST', '/players/unlock', { player });
  const who = `${r.account ?? r.mobile ?? 'player'} (#${r.userId})`;
  return r.wasLockedUntil
    ? `${who} unlocked: the lock would have lasted until ${r.wasLockedUntil}; failed logins forgotten`
    : `${who} was not locked; failed logins forgotten`;
}

async function events(target: Target, action: string, values: { from?: string; to?: string; name?: string }): Promise<string> {
  if (action !== 'daily') throw new CliError(`Unknown action ${action}\n${USAGE}`);
  const to = values.to ?? new Date().toISOString().slice(0, 10);
  const from = values.from ?? new Date(Date.parse(to) - 6 * 86_400_000).toISOString().slice(0, 10);
  const q = new URLSearchParams({ from, to });
  if (values.name) q.set('name', values.name);
  const { list } = await call<OperatorEventDaily>(target, 'GET', `/events/daily?${q}`);
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

async function activities(target: Target, action: string, id: string | undefined, values: { file?: string }): Promise<string> {
  const needId = () => {
    if (!id || !/^[1-9][0-9]{0,9}$/.test(id)) throw new CliError(`activities ${action} needs an activity id (a number)\n${USAGE}`);
    return id;
  };
  const show = (a: OperatorActivity) => [activityLine(a), `  click ${a.clickType} ${a.clickAction || '(its own page)'}`, `  settings ${JSON.stringify(a.settings)}`].join('\n');
  switch (action) {
    case 'list': {
      const list = await call<OperatorActivity[]>(target, 'GET', '/activities');
      return list.length ? list.map(activityLine).join('\n') : 'No activities.';
    }
    case 'show':
      return show(await call<OperatorActivity>(target, 'GET', `/activities/${needId()}`));
    case 'enable':
    case 'disable':
      return show(await call<OperatorActivity>(target, 'POST', `/activities/${needId()}/${action}`, {}));
    case 'create':
      return show(await call<OperatorActivity>(target, 'POST', '/activities', readJson(values.file, action)));
    case 'edit': {
      const activity = needId();
      return show(await call<OperatorActivity>(target, 'POST', `/activities/${activity}`, readJson(values.file, action)));
    }
    default:
      throw new CliError(`Unknown action ${action}\n${USAGE}`);
  }
}

const ruleLine = (r: OperatorRouteRule) => `${r.path}  →  ${r.target}  (${r.status})  set by ${r.updatedBy} at ${r.updatedAt}`;

/** Route rules (spec §2): a page path of the app redirected to another path or an external address. */
async function routes(target: Target, action: string, path: string | undefined, to: string | undefined, values: { permanent?: boolean }): Promise<string> {
  switch (action) {
    case 'list': {
      const list = await call<OperatorRouteRule[]>(target, 'GET', '/route-rules');
      return list.length ? list.map(ruleLine).join('\n') : 'No route rules.';
    }
    case 'set':
      if (!path || !to) throw new CliError(`routes set needs a path and a target: routes set /promo https://…\n${USAGE}`);
      return `Set: ${ruleLine(await call<OperatorRouteRule>(target, 'POST', '/route-rules', { path, target: to, permanent: values.permanent === true }))}`;
    case 'remove':
      if (!path) throw new CliError(`routes remove needs a path\n${USAGE}`);
      return `Removed: ${ruleLine(await call<OperatorRouteRule>(target, 'POST', '/route-rules/remove', { path }))}`;
    default:
      throw new CliError(`Unknown action ${action}\n${USAGE}`);
  }
}

/**
 * Runs one CLI command and answers what it prints; throws CliError on a refusal. `env` gives the
 * server (PLAYHALL_URL, PORT) and the token (OPERATOR_TOKEN, DATA_DIR) unless --url says otherwise.
 */
export async function runOps(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
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
      permanent: { type: 'boolean' },
      url: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [area, action, orderId, extra] = positionals;
  if (values.help || !['withdrawals', 'alerts', 'players', 'events', 'activities', 'routes'].includes(area ?? '') || !action) throw new CliError(USAGE);
  const target: Target = { base: (values.url ?? env.PLAYHALL_URL ?? `http://127.0.0.1:${env.PORT ?? 8080}`).replace(/\/+$/, ''), env };
  if (area === 'alerts') return alerts(target, action, values);
  if (area === 'players') return players(target, action, orderId);
  if (area === 'events') return events(target, action, values);
  if (area === 'activities') return activities(target, action, orderId, values);
  if (area === 'routes') return routes(target, action, orderId, extra, values);
  const needId = () => {
    if (!orderId) throw new CliError(`${action} needs an order id (WD…)\n${USAGE}`);
    return encodeURIComponent(orderId);
  };
  switch (action) {
    case 'list': {
      const q = new URLSearchParams();
      if (values.status) q.set('status', values.status);
      if (values.page) q.set('page', values.page);
      return table(await call<OperatorWithdrawalPage>(target, 'GET', `/withdrawals?${q}`));
    }
    case 'show':
      return describe(await call<OperatorWithdrawal>(target, 'GET', `/withdrawals/${needId()}`));
    case 'approve':
    case 'payout':
      return describe(await call<OperatorWithdrawal>(target, 'POST', `/withdrawals/${needId()}/${action}`, {}));
    case 'reject': {
      const id = needId();
      if (!values.reason) throw new CliError('reject needs --reason "<why>" (the player sees it)');
      return describe(await call<OperatorWithdrawal>(target, 'POST', `/withdrawals/${id}/reject`, { reason: values.reason }));
    }
    default:
      throw new CliError(`Unknown action ${action}\n${USAGE}`);
  }
}
