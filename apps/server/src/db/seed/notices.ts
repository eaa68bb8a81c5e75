type Lang = 'en-US' | 'pt-BR' | 'th-TH';

/** Lobby notices, in every shipped language. */
export const noticeItems: { key: string; sort: number; text: Record<Lang, [title: string, body: string]> }[] = [
  {
    key: 'welcome',
    sort: 1,
    text: {
      'en-US': ['Welcome to Playhall', 'Create your account in seconds and explore the lobby. New games and events arrive every week.'],
      'pt-BR': ['Bem-vindo ao Playhall', 'Crie sua conta em segundos e explore o lobby. Novos jogos e eventos chegam toda semana.'],
      'th-TH': ['ยินดีต้อนรับสู่ Playhall', 'สมัครบัญชีได้ในไม่กี่วินาทีและสำรวจล็อบบี้ เกมและกิจกรรมใหม่มาทุกสัปดาห์'],
    },
  },
  {
    key: 'security',
    sort: 2,
    text: {
      'en-US': ['Keep your account safe', 'We will never ask for your password or SMS code. Bind your phone so you can always recover your account.'],
      'pt-BR': ['Mantenha sua conta segura', 'Nunca pediremos sua senha ou código SMS. Vincule seu telefone para sempre poder recuperar sua conta.'],
      'th-TH': ['รักษาบัญชีของคุณให้ปลอดภัย', 'เราจะไม่ขอรหัสผ่านหรือรหัส SMS ของคุณ ผูกหมายเลขโทรศัพท์ไว้เพื่อกู้คืนบัญชีได้เสมอ'],
    },
  },
  {
    key: 'play-responsibly',
    sort: 3,
    text: {
      'en-US': ['Play responsibly', 'Set a budget before you play and take regular breaks. Limits and self-exclusion are available any time.'],
      'pt-BR': ['Jogue com responsabilidade', 'Defina um orçamento antes de jogar e faça pausas regulares. Limites e autoexclusão estão disponíveis a qualquer momento.'],
      'th-TH': ['เล่นอย่างมีความรับผิดชอบ', 'กำหนดงบประมาณก่อนเล่นและพักเป็นระยะ ตั้งวงเงินและระงับบัญชีตนเองได้ทุกเมื่อ'],
    },
  },
];
