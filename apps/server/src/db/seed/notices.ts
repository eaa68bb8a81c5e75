type Lang = 'en-US' | 'pt-BR' | 'th-TH';

/** Lobby notices, in every shipped language. They say only what the product does today. */
export const noticeItems: { key: string; sort: number; text: Record<Lang, [title: string, body: string]> }[] = [
  {
    key: 'welcome',
    sort: 1,
    text: {
      'en-US': ['Welcome to Playhall', 'Try any of the four Originals for free with play money, then create an account in seconds to play from your own balance.'],
      'pt-BR': ['Bem-vindo ao Playhall', 'Teste qualquer um dos quatro Originals de graça, com dinheiro de mentira, e crie uma conta em segundos para jogar com seu próprio saldo.'],
      'th-TH': ['ยินดีต้อนรับสู่ Playhall', 'ทดลองเล่น Originals ทั้งสี่เกมฟรีด้วยเงินทดลอง แล้วสมัครบัญชีในไม่กี่วินาทีเพื่อเล่นด้วยยอดเงินของคุณเอง'],
    },
  },
  {
    key: 'security',
    sort: 2,
    text: {
      'en-US': ['Keep your account safe', 'We will never ask for your password or SMS code. Bind your phone so you can always reset your password.'],
      'pt-BR': ['Mantenha sua conta segura', 'Nunca pediremos sua senha ou código SMS. Vincule seu telefone para sempre poder redefinir sua senha.'],
      'th-TH': ['รักษาบัญชีของคุณให้ปลอดภัย', 'เราจะไม่ขอรหัสผ่านหรือรหัส SMS ของคุณ ผูกหมายเลขโทรศัพท์ไว้เพื่อรีเซ็ตรหัสผ่านได้เสมอ'],
    },
  },
  {
    key: 'play-responsibly',
    sort: 3,
    text: {
      'en-US': ['Play responsibly', 'Set a budget before you play and take regular breaks. You can set daily, weekly and monthly deposit limits under Me → Responsible gaming.'],
      'pt-BR': ['Jogue com responsabilidade', 'Defina um orçamento antes de jogar e faça pausas regulares. Você pode definir limites de depósito diário, semanal e mensal em Eu → Jogo responsável.'],
      'th-TH': ['เล่นอย่างมีความรับผิดชอบ', 'กำหนดงบก่อนเล่นและพักเป็นระยะ คุณตั้งวงเงินฝากรายวัน รายสัปดาห์ และรายเดือนได้ที่ ฉัน → การเล่นอย่างรับผิดชอบ'],
    },
  },
];
