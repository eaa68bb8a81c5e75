import type { ContentSlug } from '@playhall/contract';

type Lang = 'en-US' | 'pt-BR' | 'th-TH';

/** Information pages (plain text, paragraphs separated by blank lines), in every shipped language. */
export const contentPages: Record<ContentSlug, Record<Lang, { title: string; body: string }>> = {
  'about-us': {
    'en-US': {
      title: 'About us',
      body: 'Playhall is a games lobby built for your phone: slots, crash, mines, dice and table games in one place, with daily rewards, tasks and VIP levels.\n\nWe keep balances in exact integer amounts, record every movement of money, and make the results of our own games provably fair.\n\nQuestions? Our support team answers around the clock from the Service page.',
    },
    'pt-BR': {
      title: 'Sobre nós',
      body: 'O Playhall é um lobby de jogos feito para o seu celular: slots, crash, mines, dados e jogos de mesa em um só lugar, com recompensas diárias, tarefas e níveis VIP.\n\nMantemos os saldos em valores inteiros exatos, registramos cada movimentação de dinheiro e tornamos os resultados dos nossos jogos comprovadamente justos.\n\nDúvidas? Nossa equipe de suporte atende 24 horas pela página de Atendimento.',
    },
    'th-TH': {
      title: 'เกี่ยวกับเรา',
      body: 'Playhall คือล็อบบี้เกมที่ออกแบบมาสำหรับมือถือ รวมสล็อต แครช ไมน์ ลูกเต๋า และเกมโต๊ะไว้ในที่เดียว พร้อมรางวัลรายวัน ภารกิจ และระดับ VIP\n\nเราเก็บยอดเงินเป็นจำนวนเต็มที่แม่นยำ บันทึกทุกการเคลื่อนไหวของเงิน และทำให้ผลของเกมของเราพิสูจน์ความยุติธรรมได้\n\nมีคำถาม? ทีมซัพพอร์ตพร้อมตอบตลอด 24 ชั่วโมงจากหน้าบริการลูกค้า',
    },
  },
  'privacy-policy': {
    'en-US': {
      title: 'Privacy policy',
      body: 'We collect what we need to run your account: your account name or phone number, a hash of your password, your game and payment history, and basic device data for security.\n\nWe never sell your data. We share it only with payment and game providers to complete your requests, and with authorities when the law requires it.\n\nYou may ask for a copy of your data or for its deletion through customer service. Session tokens are stored only as hashes and expire after 30 days without use.',
    },
    'pt-BR': {
      title: 'Política de privacidade',
      body: 'Coletamos o necessário para manter sua conta: nome de conta ou telefone, um hash da sua senha, seu histórico de jogos e pagamentos e dados básicos do aparelho para segurança.\n\nNunca vendemos seus dados. Compartilhamos apenas com provedores de pagamento e de jogos para concluir seus pedidos, e com autoridades quando a lei exigir.\n\nVocê pode pedir uma cópia dos seus dados ou a exclusão deles pelo atendimento. Os tokens de sessão são guardados apenas como hash e expiram após 30 dias sem uso.',
    },
    'th-TH': {
      title: 'นโยบายความเป็นส่วนตัว',
      body: 'เราเก็บข้อมูลเท่าที่จำเป็นต่อการให้บริการบัญชีของคุณ ได้แก่ ชื่อบัญชีหรือหมายเลขโทรศัพท์ ค่าแฮชของรหัสผ่าน ประวัติการเล่นและการชำระเงิน และข้อมูลอุปกรณ์พื้นฐานเพื่อความปลอดภัย\n\nเราไม่ขายข้อมูลของคุณ เราแบ่งปันเฉพาะกับผู้ให้บริการชำระเงินและเกมเพื่อดำเนินการตามคำขอ และกับหน่วยงานรัฐเมื่อกฎหมายกำหนด\n\nคุณขอสำเนาหรือขอลบข้อมูลได้ผ่านฝ่ายบริการลูกค้า โทเค็นเซสชันถูกเก็บเป็นค่าแฮชเท่านั้นและหมดอายุเมื่อไม่ได้ใช้งาน 30 วัน',
    },
  },
  'terms-of-use': {
    'en-US': {
      title: 'Terms of use',
      body: 'You must be of legal age to gamble in your country to use Playhall. One account per person; linked or duplicate accounts may be closed and their bonuses removed.\n\nBonuses carry a wagering requirement shown on each event page. Withdrawals go only to receiving accounts in your own name.\n\nWe may suspend an account involved in fraud or abuse. You can set limits, take a break or self-exclude at any time.',
    },
    'pt-BR': {
      title: 'Termos de uso',
      body: 'Você precisa ter a idade legal para apostar em seu país para usar o Playhall. Uma conta por pessoa; contas vinculadas ou duplicadas podem ser encerradas e seus bônus removidos.\n\nOs bônus têm um requisito de apostas mostrado na página de cada evento. Os saques vão apenas para contas de recebimento em seu próprio nome.\n\nPodemos suspender uma conta envolvida em fraude ou abuso. Você pode definir limites, fazer uma pausa ou se autoexcluir a qualquer momento.',
    },
    'th-TH': {
      title: 'ข้อกำหนดการใช้งาน',
      body: 'คุณต้องมีอายุถึงเกณฑ์ที่กฎหมายประเทศของคุณอนุญาตให้เล่นพนันจึงจะใช้ Playhall ได้ หนึ่งคนหนึ่งบัญชี บัญชีที่เชื่อมโยงหรือซ้ำซ้อนอาจถูกปิดและโบนัสถูกยกเลิก\n\nโบนัสมีเงื่อนไขการทำยอดตามที่แสดงในหน้ากิจกรรม การถอนเงินทำได้เฉพาะไปยังบัญชีรับเงินที่เป็นชื่อของคุณเอง\n\nเราอาจระงับบัญชีที่เกี่ยวข้องกับการฉ้อโกงหรือการใช้งานในทางที่ผิด คุณตั้งวงเงิน พักการเล่น หรือระงับบัญชีตนเองได้ทุกเมื่อ',
    },
  },
  download: {
    'en-US': {
      title: 'Get the app',
      body: 'Playhall installs straight from your browser, no app store needed.\n\nOn Android, open the menu and tap "Install app". On iPhone, tap Share and then "Add to Home Screen".\n\nThe installed app opens full screen, loads faster and stays up to date by itself.',
    },
    'pt-BR': {
      title: 'Baixe o app',
      body: 'O Playhall é instalado direto do navegador, sem loja de aplicativos.\n\nNo Android, abra o menu e toque em "Instalar app". No iPhone, toque em Compartilhar e depois em "Adicionar à Tela de Início".\n\nO app instalado abre em tela cheia, carrega mais rápido e se atualiza sozinho.',
    },
    'th-TH': {
      title: 'ติดตั้งแอป',
      body: 'ติดตั้ง Playhall ได้จากเบราว์เซอร์โดยตรง ไม่ต้องใช้แอปสโตร์\n\nบน Android เปิดเมนูแล้วแตะ "ติดตั้งแอป" บน iPhone แตะ แชร์ แล้วเลือก "เพิ่มไปยังหน้าจอโฮม"\n\nแอปที่ติดตั้งจะเปิดแบบเต็มจอ โหลดเร็วขึ้น และอัปเดตตัวเองอัตโนมัติ',
    },
  },
};
