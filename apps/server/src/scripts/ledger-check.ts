import { loadConfig, loadDotEnv } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { checkLedger, formatLedgerReport } from '../modules/ledger/ledger-check.ts';

// `npm run ledger:check`: verifies the ledger on DATABASE_URL, or the PGlite folder DATA_DIR.
// Exits 1 on any difference, 2 when it cannot run. The embedded folder is locked while the
// server runs: stop it first, or check the PostgreSQL database instead.
loadDotEnv();
const config = loadConfig();
try {
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  try {
    const report = await checkLedger(database.db);
    console.log(formatLedgerReport(report));
    process.exitCode = report.ok ? 0 : 1;
  } finally {
    await database.close();
  }
} catch (err) {
  console.error(`ledger:check could not run: ${(err as Error).message}`);
  process.exitCode = 2;
}
