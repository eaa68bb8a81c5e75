/**
 * The sandbox provider's pay page: a small self-contained document in the app's look. No inline
 * script or style attribute needs relaxing the CSP: its CSS and JS are served as files.
 */

type Lang = 'en-US' | 'pt-BR' | 'th-TH';

const text: Record<Lang, Record<string, string>> = {
  'en-US': {
    title: 'Sandbox payment',
    note: 'Test provider: no real money moves.',
    amount: 'Amount',
    channel: 'Channel',
    order: 'Order',
    expires: 'Pay before',
    approve: 'Approve payment',
    decline: 'Decline',
    delay: 'Approve after 10 s',
    paid: 'This order is already paid.',
    failed: 'This order was declined.',
    expired: 'This order has expired. A payment now is still credited, marked late.',
    invalid: 'This payment link is not valid.',
    back: 'Back to Playhall',
    leave: 'Back to Playhall without paying',
  },
  'pt-BR': {
    title: 'Pagamento sandbox',
    note: 'Provedor de teste: nenhum dinheiro real é movimentado.',
    amount: 'Valor',
    channel: 'Canal',
    order: 'Pedido',
    expires: 'Pague até',
    approve: 'Aprovar pagamento',
    decline: 'Recusar',
    delay: 'Aprovar após 10 s',
    paid: 'Este pedido já foi pago.',
    failed: 'Este pedido foi recusado.',
    expired: 'Este pedido expirou. Um pagamento agora ainda é creditado, marcado como atrasado.',
    invalid: 'Este link de pagamento não é válido.',
    back: 'Voltar ao Playhall',
    leave: 'Voltar ao Playhall sem pagar',
  },
  'th-TH': {
    title: 'การชำระเงินทดสอบ',
    note: 'ผู้ให้บริการทดสอบ: ไม่มีการโอนเงินจริง',
    amount: 'จำนวนเงิน',
    channel: 'ช่องทาง',
    order: 'คำสั่งซื้อ',
    expires: 'ชำระก่อน',
    approve: 'อนุมัติการชำระเงิน',
    decline: 'ปฏิเสธ',
    delay: 'อนุมัติหลัง 10 วินาที',
    paid: 'คำสั่งซื้อนี้ชำระแล้ว',
    failed: 'คำสั่งซื้อนี้ถูกปฏิเสธ',
    expired: 'คำสั่งซื้อนี้หมดอายุแล้ว การชำระตอนนี้ยังคงได้รับเครดิตโดยระบุว่าล่าช้า',
    invalid: 'ลิงก์ชำระเงินนี้ไม่ถูกต้อง',
    back: 'กลับไปที่ Playhall',
    leave: 'กลับไปที่ Playhall โดยไม่ชำระเงิน',
  },
};

/** The language the player chose in the app (its `lang` cookie), else English. */
export function pageLang(cookieHeader: string | undefined): Lang {
  const m = /(?:^|;\s*)lang=([^;]+)/.exec(cookieHeader ?? '');
  const v = m ? decodeURIComponent(m[1]!) : '';
  return v === 'pt-BR' || v === 'th-TH' ? v : 'en-US';
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(lang: Lang, body: string): string {
  const t = text[lang];
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="robots" content="noindex"><title>${esc(t.title!)}</title>
<link rel="stylesheet" href="/sandbox/assets/pay.css"><script src="/sandbox/assets/pay.js" defer></script></head>
<body><main class="sbx"><header class="sbx__head"><span class="sbx__logo" aria-hidden="true"></span><h1>${esc(t.title!)}</h1></header>
${body}<p class="sbx__note">${esc(t.note!)}</p></main></body></html>`;
}

export interface PayPageOrder {
  orderId: string;
  token: string;
  amountText: string;
  channelName: string;
  status: 'pending' | 'paid' | 'failed' | 'expired';
  expiresAt: Date;
  returnUrl: string;
}

export function renderPayPage(lang: Lang, o: PayPageOrder): string {
  const t = text[lang];
  const rows = `<dl class="sbx__rows">
<div><dt>${esc(t.amount!)}</dt><dd class="sbx__amount" data-testid="sandbox-amount">${esc(o.amountText)}</dd></div>
<div><dt>${esc(t.channel!)}</dt><dd>${esc(o.channelName)}</dd></div>
<div><dt>${esc(t.order!)}</dt><dd class="sbx__mono">${esc(o.orderId)}</dd></div>
<div><dt>${esc(t.expires!)}</dt><dd><time datetime="${o.expiresAt.toISOString()}">${esc(o.expiresAt.toISOString().slice(11, 16))} UTC</time></dd></div></dl>`;
  const canPay = o.status === 'pending' || o.status === 'expired';
  const state = o.status === 'pending' ? '' : `<p class="sbx__state sbx__state--${o.status}" role="status">${esc(t[o.status]!)}</p>`;
  const actions = canPay
    ? `<form method="post" action="/sandbox/pay/${encodeURIComponent(o.orderId)}" class="sbx__actions">
<input type="hidden" name="token" value="${esc(o.token)}">
<button type="submit" name="action" value="approve" class="sbx__btn sbx__btn--primary">${esc(t.approve!)}</button>
<button type="submit" name="action" value="delay" class="sbx__btn">${esc(t.delay!)}</button>
<button type="submit" name="action" value="decline" class="sbx__btn sbx__btn--danger">${esc(t.decline!)}</button></form>
<a class="sbx__link" href="${esc(o.returnUrl)}" data-testid="sandbox-back">${esc(t.leave!)}</a>`
    : `<a class="sbx__btn sbx__btn--primary" href="${esc(o.returnUrl)}">${esc(t.back!)}</a>`;
  return layout(lang, `<section class="sbx__card">${rows}${state}${actions}</section>`);
}

export function renderInvalidLink(lang: Lang): string {
  const t = text[lang];
  return layout(lang, `<section class="sbx__card"><p class="sbx__state sbx__state--failed" role="alert">${esc(t.invalid!)}</p>
<a class="sbx__btn sbx__btn--primary" href="/">${esc(t.back!)}</a></section>`);
}

export const PAY_PAGE_CSS = `:root{color-scheme:dark}*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:#0b1020;color:#eef1fb;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans','Noto Sans Thai',Arial,sans-serif}
.sbx{max-width:480px;margin:0 auto;padding:24px 16px}
.sbx__head{display:flex;align-items:center;gap:12px;margin-bottom:16px}
.sbx__head h1{font-size:20px;margin:0}
.sbx__logo{width:32px;height:32px;border-radius:8px;background:linear-gradient(135deg,#ffd56b,#f5b73b)}
.sbx__card{background:#141b33;border:1px solid #26305a;border-radius:12px;padding:16px}
.sbx__rows{margin:0 0 16px}.sbx__rows div{display:flex;justify-content:space-between;gap:16px;padding:8px 0;border-bottom:1px solid #26305a}
.sbx__rows dt{color:#a9b1cf}.sbx__rows dd{margin:0;text-align:right;font-variant-numeric:tabular-nums}
.sbx__amount{font-size:24px;font-weight:700;color:#ffd56b}.sbx__mono{font-family:ui-monospace,monospace;font-size:13px;word-break:break-all}
.sbx__actions{display:grid;gap:8px}
.sbx__btn{display:block;width:100%;min-height:48px;border-radius:24px;border:1px solid #26305a;background:#1c2547;color:#eef1fb;font:inherit;font-weight:600;text-align:center;text-decoration:none;line-height:46px;cursor:pointer}
.sbx__btn--primary{background:linear-gradient(180deg,#ffd56b,#f5b73b);color:#1a1204;border:0}
.sbx__link{display:block;margin-top:16px;text-align:center;color:#4fd1e8;text-decoration:none;min-height:44px;line-height:44px}
.sbx__btn--danger{color:#f87171}.sbx__btn:disabled{opacity:.6;cursor:progress}
.sbx__state{padding:12px;border-radius:8px;background:#1c2547;margin:0 0 16px}.sbx__state--paid{color:#34d399}.sbx__state--failed{color:#f87171}.sbx__state--expired{color:#ffd56b}
.sbx__note{color:#a9b1cf;font-size:13px;text-align:center;margin-top:16px}`;

/** Marks the pressed button as busy and keeps a second tap from sending a second action. */
export const PAY_PAGE_JS = `document.addEventListener('submit', function (e) {
  var form = e.target, pressed = e.submitter;
  if (form.dataset.sent) { e.preventDefault(); return; }
  form.dataset.sent = '1';
  if (pressed) {
    var hidden = document.createElement('input');
    hidden.type = 'hidden'; hidden.name = pressed.name; hidden.value = pressed.value;
    form.appendChild(hidden);
    pressed.textContent = pressed.textContent + ' …';
  }
  setTimeout(function () { form.querySelectorAll('button').forEach(function (b) { b.disabled = true; }); }, 0);
});
`;
