/**
 * A tiny dictionary for the game screens: three languages, picked from the launch URL's `lang`.
 * Strings use {name} placeholders.
 */
export type Lang = 'en-US' | 'pt-BR' | 'th-TH';
export const LANGS: readonly Lang[] = ['en-US', 'pt-BR', 'th-TH'];

const en = {
  balance: 'Balance',
  demo: 'Demo',
  refill: 'Refill',
  bet: 'Bet',
  spin: 'Spin',
  roll: 'Roll',
  start: 'Bet',
  cashOut: 'Cash out',
  cashOutAmount: 'Cash out {amount}',
  sound: 'Sound',
  soundOn: 'Sound on',
  soundOff: 'Sound off',
  rules: 'Rules',
  fairness: 'Fairness',
  close: 'Close',
  loading: 'Loading…',
  win: 'Win',
  youWin: 'You win {amount}',
  noWin: 'No win',
  totalWin: 'Total win',
  freeSpins: 'Free spins',
  freeSpinsLeft: 'Free spins {n} left',
  freeSpinsWon: '{n} free spins! All wins ×{m}',
  line: 'Line {n}',
  scatter: 'Scatter',
  wild: 'Wild: replaces every symbol except the scatter',
  scatterRule: 'Scatter pays anywhere (× total bet); 3, 4, 5 give {a}, {b}, {c} free spins, wins ×{m}, retriggers',
  paylines: '{n} paylines, left to right, 3 or more of a kind',
  rtp: 'RTP {rtp}',
  hitRate: 'Hit frequency {p}',
  paytable: 'Paytable (× line bet)',
  autoCashOut: 'Auto cash out',
  off: 'Off',
  crashedAt: 'Crashed at {m}',
  cashedOutAt: 'Cashed out at {m}',
  waiting: 'Place a bet to launch',
  recent: 'Recent',
  instantCrash: 'Chance of an instant crash at 1.00×: {p}',
  crashRule: 'The multiplier rises from 1.00× until it crashes. Cash out before the crash to win bet × multiplier. The auto cash-out pays when the multiplier reaches it.',
  mines: 'Mines',
  gems: 'Gems',
  next: 'Next {m}',
  pickTile: 'Pick a tile',
  minesRule: 'Choose 1-24 mines. Each gem raises the multiplier; a mine ends the round. Cash out any time after one gem.',
  minesTable: 'Multiplier after k gems',
  boom: 'Mine! Round lost',
  under: 'Roll under',
  over: 'Roll over',
  target: 'Target',
  winChance: 'Win chance',
  payout: 'Multiplier',
  diceRule: 'A roll from 0.00 to 99.99. Win when it lands under (or over) your target. Multiplier = {rtp} ÷ win chance.',
  serverSeedHash: 'Server seed hash',
  clientSeed: 'Client seed',
  nonce: 'Nonce',
  save: 'Save',
  rotate: 'Reveal and rotate seed',
  revealedSeed: 'Revealed server seed',
  verifyLink: 'Verify these rounds',
  fairnessExplain: 'Each round = HMAC-SHA256(server seed, client seed:nonce). The hash is shown before you play; rotating reveals the seed so you can recompute every round.',
  verifyTitle: 'Verify a round',
  game: 'Game',
  serverSeed: 'Server seed',
  direction: 'Direction',
  picks: 'Picks (tiles 0-24, comma separated)',
  cashOutAt: 'Cash out at (×)',
  verify: 'Verify',
  hashMatches: 'The seed matches its hash',
  hashMismatch: 'The seed does NOT match the hash',
  outcome: 'Outcome',
  roll_: 'Roll',
  crashPoint: 'Crash point',
  minePositions: 'Mine tiles',
  payoutAmount: 'Payout',
  insufficient: 'Not enough balance ({balance}). Deposit in the lobby to keep playing.',
  expiredTitle: 'Session ended',
  expiredBody: 'This game session has expired. Close it and open the game again from the lobby.',
  error: 'Something went wrong: {message}. Try again.',
  network: 'No connection. Check your network and try again.',
  unknownGame: 'Unknown game',
  slot: 'Fortune Reels',
  crash: 'Crash',
  dice: 'Dice',
  minesGame: 'Mines',
  roundResumed: 'Your open round was restored',
} as const;

export type MsgKey = keyof typeof en;
type Dict = Record<MsgKey, string>;

const pt: Dict = {
  balance: 'Saldo', demo: 'Demo', refill: 'Recarregar', bet: 'Aposta', spin: 'Girar', roll: 'Rolar', start: 'Apostar',
  cashOut: 'Sacar', cashOutAmount: 'Sacar {amount}', sound: 'Som', soundOn: 'Som ligado', soundOff: 'Som desligado',
  rules: 'Regras', fairness: 'Justiça', close: 'Fechar', loading: 'Carregando…', win: 'Ganho', youWin: 'Você ganhou {amount}',
  noWin: 'Sem ganho', totalWin: 'Ganho total', freeSpins: 'Giros grátis', freeSpinsLeft: 'Giros grátis: faltam {n}',
  freeSpinsWon: '{n} giros grátis! Ganhos ×{m}', line: 'Linha {n}', scatter: 'Scatter',
  wild: 'Wild: substitui todos os símbolos exceto o scatter',
  scatterRule: 'Scatter paga em qualquer posição (× aposta total); 3, 4, 5 dão {a}, {b}, {c} giros grátis, ganhos ×{m}, renováveis',
  paylines: '{n} linhas, da esquerda para a direita, 3 ou mais iguais', rtp: 'RTP {rtp}', hitRate: 'Frequência de acerto {p}',
  paytable: 'Tabela de pagamentos (× aposta por linha)', autoCashOut: 'Saque automático', off: 'Desligado',
  crashedAt: 'Caiu em {m}', cashedOutAt: 'Sacou em {m}', waiting: 'Aposte para decolar', recent: 'Recentes',
  instantCrash: 'Chance de queda imediata em 1,00×: {p}',
  crashRule: 'O multiplicador sobe a partir de 1,00× até cair. Saque antes da queda para ganhar aposta × multiplicador. O saque automático paga quando o multiplicador o atinge.',
  mines: 'Minas', gems: 'Gemas', next: 'Próximo {m}', pickTile: 'Escolha um quadrado',
  minesRule: 'Escolha de 1 a 24 minas. Cada gema aumenta o multiplicador; uma mina encerra a rodada. Saque quando quiser após uma gema.',
  minesTable: 'Multiplicador após k gemas', boom: 'Mina! Rodada perdida', under: 'Abaixo de', over: 'Acima de', target: 'Alvo',
  winChance: 'Chance de ganhar', payout: 'Multiplicador',
  diceRule: 'Um número de 0,00 a 99,99. Ganha se cair abaixo (ou acima) do alvo. Multiplicador = {rtp} ÷ chance.',
  serverSeedHash: 'Hash da semente do servidor', clientSeed: 'Semente do cliente', nonce: 'Nonce', save: 'Salvar',
  rotate: 'Revelar e trocar semente', revealedSeed: 'Semente revelada', verifyLink: 'Verificar estas rodadas',
  fairnessExplain: 'Cada rodada = HMAC-SHA256(semente do servidor, semente do cliente:nonce). O hash aparece antes de jogar; trocar revela a semente para recalcular cada rodada.',
  verifyTitle: 'Verificar uma rodada', game: 'Jogo', serverSeed: 'Semente do servidor', direction: 'Direção',
  picks: 'Escolhas (quadrados 0-24, separados por vírgula)', cashOutAt: 'Sacar em (×)', verify: 'Verificar',
  hashMatches: 'A semente confere com o hash', hashMismatch: 'A semente NÃO confere com o hash', outcome: 'Resultado',
  roll_: 'Número', crashPoint: 'Ponto de queda', minePositions: 'Minas', payoutAmount: 'Pagamento',
  insufficient: 'Saldo insuficiente ({balance}). Deposite no lobby para continuar jogando.',
  expiredTitle: 'Sessão encerrada', expiredBody: 'Esta sessão de jogo expirou. Feche e abra o jogo novamente pelo lobby.',
  error: 'Algo deu errado: {message}. Tente novamente.', network: 'Sem conexão. Verifique sua rede e tente novamente.',
  unknownGame: 'Jogo desconhecido', slot: 'Fortune Reels', crash: 'Crash', dice: 'Dados', minesGame: 'Minas',
  roundResumed: 'Sua rodada aberta foi restaurada',
};

const th: Dict = {
  balance: 'ยอดเงิน', demo: 'ทดลอง', refill: 'เติม', bet: 'เดิมพัน', spin: 'หมุน', roll: 'ทอย', start: 'เดิมพัน',
  cashOut: 'ถอนเงิน', cashOutAmount: 'ถอน {amount}', sound: 'เสียง', soundOn: 'เปิดเสียง', soundOff: 'ปิดเสียง',
  rules: 'กติกา', fairness: 'ความยุติธรรม', close: 'ปิด', loading: 'กำลังโหลด…', win: 'ชนะ', youWin: 'คุณชนะ {amount}',
  noWin: 'ไม่ชนะ', totalWin: 'ชนะรวม', freeSpins: 'ฟรีสปิน', freeSpinsLeft: 'ฟรีสปินเหลือ {n}',
  freeSpinsWon: 'ฟรีสปิน {n} ครั้ง! รางวัล ×{m}', line: 'ไลน์ {n}', scatter: 'สแกตเตอร์',
  wild: 'ไวลด์: แทนทุกสัญลักษณ์ยกเว้นสแกตเตอร์',
  scatterRule: 'สแกตเตอร์จ่ายทุกตำแหน่ง (× เดิมพันรวม); 3, 4, 5 ให้ฟรีสปิน {a}, {b}, {c} ครั้ง รางวัล ×{m} ได้ซ้ำ',
  paylines: '{n} ไลน์ จากซ้ายไปขวา 3 ตัวขึ้นไป', rtp: 'RTP {rtp}', hitRate: 'โอกาสชนะต่อสปิน {p}',
  paytable: 'ตารางจ่าย (× เดิมพันต่อไลน์)', autoCashOut: 'ถอนอัตโนมัติ', off: 'ปิด',
  crashedAt: 'ตกที่ {m}', cashedOutAt: 'ถอนที่ {m}', waiting: 'วางเดิมพันเพื่อเริ่ม', recent: 'ล่าสุด',
  instantCrash: 'โอกาสตกทันทีที่ 1.00×: {p}',
  crashRule: 'ตัวคูณเพิ่มจาก 1.00× จนกว่าจะตก ถอนก่อนตกเพื่อรับ เดิมพัน × ตัวคูณ การถอนอัตโนมัติจ่ายเมื่อถึงค่าที่ตั้ง',
  mines: 'ระเบิด', gems: 'อัญมณี', next: 'ถัดไป {m}', pickTile: 'เลือกช่อง',
  minesRule: 'เลือกระเบิด 1-24 ลูก อัญมณีแต่ละเม็ดเพิ่มตัวคูณ เจอระเบิดจบรอบ ถอนได้หลังเจออัญมณีหนึ่งเม็ด',
  minesTable: 'ตัวคูณหลังเจออัญมณี k เม็ด', boom: 'ระเบิด! เสียรอบนี้', under: 'ต่ำกว่า', over: 'สูงกว่า', target: 'เป้า',
  winChance: 'โอกาสชนะ', payout: 'ตัวคูณ',
  diceRule: 'สุ่มเลข 0.00 ถึง 99.99 ชนะเมื่อต่ำกว่า (หรือสูงกว่า) เป้า ตัวคูณ = {rtp} ÷ โอกาสชนะ',
  serverSeedHash: 'แฮชซีดเซิร์ฟเวอร์', clientSeed: 'ซีดผู้เล่น', nonce: 'Nonce', save: 'บันทึก',
  rotate: 'เปิดเผยและเปลี่ยนซีด', revealedSeed: 'ซีดที่เปิดเผย', verifyLink: 'ตรวจสอบรอบเหล่านี้',
  fairnessExplain: 'แต่ละรอบ = HMAC-SHA256(ซีดเซิร์ฟเวอร์, ซีดผู้เล่น:nonce) แสดงแฮชก่อนเล่น เมื่อเปลี่ยนซีดจะเปิดเผยซีดเพื่อคำนวณทุกรอบใหม่ได้',
  verifyTitle: 'ตรวจสอบรอบ', game: 'เกม', serverSeed: 'ซีดเซิร์ฟเวอร์', direction: 'ทิศทาง',
  picks: 'ช่องที่เลือก (0-24 คั่นด้วยจุลภาค)', cashOutAt: 'ถอนที่ (×)', verify: 'ตรวจสอบ',
  hashMatches: 'ซีดตรงกับแฮช', hashMismatch: 'ซีดไม่ตรงกับแฮช', outcome: 'ผลลัพธ์', roll_: 'ผลทอย', crashPoint: 'จุดตก',
  minePositions: 'ตำแหน่งระเบิด', payoutAmount: 'เงินรางวัล',
  insufficient: 'ยอดเงินไม่พอ ({balance}) ฝากเงินที่ล็อบบี้เพื่อเล่นต่อ',
  expiredTitle: 'เซสชันหมดอายุ', expiredBody: 'เซสชันเกมนี้หมดอายุแล้ว ปิดและเปิดเกมใหม่จากล็อบบี้',
  error: 'เกิดข้อผิดพลาด: {message} ลองอีกครั้ง', network: 'ไม่มีการเชื่อมต่อ ตรวจสอบเครือข่ายแล้วลองอีกครั้ง',
  unknownGame: 'ไม่พบเกม', slot: 'Fortune Reels', crash: 'Crash', dice: 'ลูกเต๋า', minesGame: 'Mines',
  roundResumed: 'กู้คืนรอบที่ค้างอยู่แล้ว',
};

const DICTS: Record<Lang, Dict> = { 'en-US': en, 'pt-BR': pt, 'th-TH': th };

export function pickLang(raw: string | null | undefined): Lang {
  if (!raw) return 'en-US';
  const exact = LANGS.find((l) => l.toLowerCase() === raw.toLowerCase());
  if (exact) return exact;
  const prefix = raw.slice(0, 2).toLowerCase();
  return LANGS.find((l) => l.startsWith(prefix)) ?? 'en-US';
}

export type T = (key: MsgKey, vars?: Record<string, string | number>) => string;

export function translator(lang: Lang): T {
  const dict = DICTS[lang];
  return (key, vars) => {
    let s = dict[key] ?? en[key];
    if (vars) for (const [k, v] of Object.entries(vars)) s = s.replaceAll(`{${k}}`, String(v));
    return s;
  };
}

/** Every language has every key (checked by a test). */
export const dictionaries = DICTS;
