/* global document, navigator, location, window, fetch, setTimeout, clearTimeout */
// The offline page (shown by the service worker when a page cannot load): its texts in the
// player's language, a retry, and a reload when the connection is back. No inline script (CSP).
(function () {
  var texts = {
    'pt-BR': {
      title: 'Você está sem conexão',
      body: 'O Playhall precisa de conexão para tudo: jogos, seu saldo, depósitos, saques e recompensas. Nada disso funciona offline, e nenhuma aposta é feita enquanto você estiver fora.',
      hint: 'Esta página recarrega sozinha quando a conexão voltar.',
      retry: 'Tentar de novo',
    },
    'th-TH': {
      title: 'คุณออฟไลน์อยู่',
      body: 'Playhall ต้องใช้การเชื่อมต่อสำหรับทุกอย่าง: เกม ยอดเงิน การฝาก การถอน และรางวัล ไม่มีสิ่งใดใช้งานได้แบบออฟไลน์ และจะไม่มีการวางเดิมพันขณะที่คุณออฟไลน์',
      hint: 'หน้านี้จะโหลดใหม่เองเมื่อกลับมาเชื่อมต่อได้',
      retry: 'ลองอีกครั้ง',
    },
  };
  // The app keeps the player's choice in the `lang` cookie (lib/i18n.ts); the browser's languages otherwise.
  var match = /(?:^|;\s*)lang=([^;]+)/.exec(document.cookie);
  var stored = match ? decodeURIComponent(match[1]) : null;
  var wanted = [stored].concat(navigator.languages || [navigator.language]).filter(Boolean);
  var lang = null;
  for (var i = 0; i < wanted.length && !lang; i++) {
    for (var key in texts) if (key.toLowerCase() === String(wanted[i]).toLowerCase() || key.slice(0, 2) === String(wanted[i]).slice(0, 2).toLowerCase()) { lang = key; break; }
  }
  document.addEventListener('DOMContentLoaded', function () {
    if (lang) {
      document.documentElement.lang = lang;
      document.querySelectorAll('[data-text]').forEach(function (el) { el.textContent = texts[lang][el.getAttribute('data-text')]; });
    }
    document.getElementById('retry').addEventListener('click', function () { location.reload(); });
  });
  // Back when the server answers, not merely when the browser says it is online: an 'online' event
  // can come while the network is still coming back (the reload would land here again, and no
  // second event would follow), and a phone can be online with the server out of reach. So: ask
  // /healthz (never answered by the service worker) at once on 'online', and every few seconds
  // meanwhile (2 s, doubling to 30 s), and reload when it answers.
  var delay = 2000;
  var timer = null;
  function check() {
    clearTimeout(timer);
    fetch('/healthz', { cache: 'no-store' }).then(
      function (res) { if (res.ok) location.reload(); else later(); },
      later
    );
  }
  function later() {
    clearTimeout(timer);
    timer = setTimeout(check, delay);
    delay = Math.min(delay * 2, 30000);
  }
  window.addEventListener('online', check);
  later();
})();
