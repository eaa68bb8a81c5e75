import { JackpotView } from '../components/jackpot-view.tsx';
import { RankList } from '../components/jackpot-lists.tsx';
import '../jackpot.css';

/** /activity/jackpot: the lucky jackpot as a page (the same view as its modal). */
export function JackpotPage() {
  return (
    <div className="page jp-page" data-testid="jackpot-page">
      <JackpotView />
    </div>
  );
}

/** /rank: the jackpot rank as a page (spec §2: the activity's own login check). */
export function RankPage() {
  return (
    <div className="page jp-page" data-testid="rank-page">
      <section className="card"><RankList /></section>
    </div>
  );
}
