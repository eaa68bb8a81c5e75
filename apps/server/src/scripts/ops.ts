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
 * Reads `.env` like the server. Server: --url, else PLAYHALL_URL, else http://127.0.0.1:$PORT (8080). Token: OPERATOR_TOKEN, else
 * the file a development server writes (DATA_DIR/operator-token). The audit log records every action
 * under the identity the token authenticates (the server's OPERATOR_NAME), never a name the CLI sends.
 * Exits 1 on any refusal.
 */
import { loadDotEnv } from '../config.ts';
import { CliError, runOps } from './ops-cli.ts';

loadDotEnv();

runOps(process.argv.slice(2)).then(
  (out) => console.log(out),
  (err: unknown) => {
    console.error(err instanceof CliError ? err.message : err);
    process.exit(1);
  },
);
