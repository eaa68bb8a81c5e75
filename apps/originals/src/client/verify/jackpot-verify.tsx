/**
 * The verify page's Lucky jackpot mode (decision 051): a promotional draw is one HMAC float
 * picking one entry of the award table by weight (`pickWeighted`, @playhall/fairness). Given the
 * revealed server seed, the client seed, the nonce and the table (ids and weights, in id order, as
 * the draw's record links them), this recomputes the float, the position floor(float × total), the
 * winning index and entry, and checks the seed against the hash shown before the draw.
 */
import { floorTimes, verifyWeightedDraw, type VerifiedWeightedDraw } from '@playhall/fairness';
import type { MsgKey, T } from '../i18n.ts';

export interface AwardTable {
  ids: number[];
  weights: number[];
}

const list = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/** The form's two lists → the table, or the message key that says what is wrong with them. */
export function parseAwardTable(idsText: string, weightsText: string): { table: AwardTable } | { error: MsgKey } {
  const ids = list(idsText);
  const weights = list(weightsText);
  if (ids.length === 0 || !ids.every((x) => /^\d{1,15}$/.test(x))) return { error: 'badAwardIds' };
  if (!weights.every((x) => /^\d{1,15}$/.test(x))) return { error: 'badWeights' };
  if (weights.length !== ids.length) return { error: 'tableMismatch' };
  const table = { ids: ids.map(Number), weights: weights.map(Number) };
  const total = table.weights.reduce((a, b) => a + b, 0);
  if (!(total > 0) || !Number.isSafeInteger(total)) return { error: 'badWeights' };
  return { table };
}

export interface JackpotVerified extends VerifiedWeightedDraw {
  table: AwardTable;
  total: number;
  /** floor(float × total): the position in [0, total) that names the entry. */
  position: number;
}

export async function verifyJackpotDraw(input: { serverSeed: string; serverSeedHash?: string; clientSeed: string; nonce: number; table: AwardTable }): Promise<JackpotVerified> {
  const v = await verifyWeightedDraw({ ...input, weights: input.table.weights });
  const total = input.table.weights.reduce((a, b) => a + b, 0);
  return { ...v, table: input.table, total, position: floorTimes(v.float, total) };
}

const pct = (w: number, total: number) => `${((w / total) * 100).toFixed(w / total < 0.001 ? 4 : 2)} %`;

export function JackpotResult({ result, t }: { result: JackpotVerified; t: T }) {
  const { table, total } = result;
  let cum = 0;
  return (
    <>
      <dl className="oc-draw-facts">
        <dt>{t('drawFloat')}</dt>
        <dd data-testid="verify-float">{result.float}</dd>
        <dt>{t('drawPosition')}</dt>
        <dd data-testid="verify-position">{t('drawPositionOf', { n: result.position, total })}</dd>
        <dt>{t('winningEntry')}</dt>
        <dd data-testid="verify-winner">
          <b>{t('winningIndexId', { i: result.index, id: table.ids[result.index] as number })}</b>
        </dd>
      </dl>
      <table className="oc-award-table" data-testid="verify-table">
        <thead>
          <tr>
            <th>#</th>
            <th>{t('awardId')}</th>
            <th>{t('weight')}</th>
            <th>{t('chance')}</th>
            <th>{t('range')}</th>
          </tr>
        </thead>
        <tbody>
          {table.ids.map((id, i) => {
            const w = table.weights[i] as number;
            const from = cum;
            cum += w;
            return (
              <tr key={`${i}:${id}`} className={i === result.index ? 'oc-win-row' : undefined} aria-current={i === result.index ? 'true' : undefined}>
                <td>{i}</td>
                <td>{id}</td>
                <td>{w}</td>
                <td>{pct(w, total)}</td>
                <td>{w > 0 ? `${from}–${cum - 1}` : '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}
