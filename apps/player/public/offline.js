/* global document, navigator, location, window */
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
  window.addEventListener('online', function () { location.reload(); });
})();
