type Lang = 'en-US' | 'pt-BR' | 'th-TH';
type Qa = Record<Lang, [question: string, answer: string]>;

/** Frequently asked questions, in every shipped language. The key keeps the seed idempotent. */
export const faqItems: { key: string; sort: number; text: Qa }[] = [
  {
    key: 'create-account',
    sort: 1,
    text: {
      'en-US': ['How do I create an account?', 'Tap Register, choose an account name or your phone number, set a password and confirm. Phone registration sends a 6-digit code by SMS.'],
      'pt-BR': ['Como crio uma conta?', 'Toque em Cadastrar, escolha um nome de conta ou seu número de telefone, defina uma senha e confirme. O cadastro por telefone envia um código de 6 dígitos por SMS.'],
      'th-TH': ['สมัครบัญชีอย่างไร?', 'แตะ สมัครสมาชิก เลือกชื่อบัญชีหรือหมายเลขโทรศัพท์ ตั้งรหัสผ่านแล้วยืนยัน การสมัครด้วยโทรศัพท์จะส่งรหัส 6 หลักทาง SMS'],
    },
  },
  {
    key: 'forgot-password',
    sort: 2,
    text: {
      'en-US': ['I forgot my password. What now?', 'Use "Forgot password" on the login screen. We send a code to the phone bound to your account; enter it with a new password. All devices are then logged out.'],
      'pt-BR': ['Esqueci minha senha. E agora?', 'Use "Esqueci a senha" na tela de login. Enviamos um código para o telefone vinculado à sua conta; digite-o com uma nova senha. Todos os aparelhos serão desconectados.'],
      'th-TH': ['ลืมรหัสผ่าน ต้องทำอย่างไร?', 'ใช้ "ลืมรหัสผ่าน" ที่หน้าเข้าสู่ระบบ เราจะส่งรหัสไปยังโทรศัพท์ที่ผูกกับบัญชี กรอกรหัสพร้อมรหัสผ่านใหม่ จากนั้นทุกอุปกรณ์จะถูกออกจากระบบ'],
    },
  },
  {
    key: 'account-locked',
    sort: 3,
    text: {
      'en-US': ['Why is my account locked?', 'After 10 wrong passwords in 15 minutes we lock the account for 15 minutes to protect it. Wait, or reset your password by SMS.'],
      'pt-BR': ['Por que minha conta foi bloqueada?', 'Após 10 senhas erradas em 15 minutos, bloqueamos a conta por 15 minutos para protegê-la. Aguarde ou redefina a senha por SMS.'],
      'th-TH': ['ทำไมบัญชีของฉันถูกล็อก?', 'หากใส่รหัสผ่านผิด 10 ครั้งภายใน 15 นาที บัญชีจะถูกล็อก 15 นาทีเพื่อความปลอดภัย กรุณารอ หรือรีเซ็ตรหัสผ่านทาง SMS'],
    },
  },
  {
    key: 'deposit',
    sort: 4,
    text: {
      'en-US': ['How do I make a deposit?', 'Tap Deposit in the top bar, pick a payment channel and an amount, then finish the payment on the provider\'s page. The coins arrive as soon as the payment is confirmed.'],
      'pt-BR': ['Como faço um depósito?', 'Toque em Depositar na barra superior, escolha um canal de pagamento e um valor e conclua o pagamento na página do provedor. As moedas chegam assim que o pagamento é confirmado.'],
      'th-TH': ['ฝากเงินอย่างไร?', 'แตะ ฝากเงิน ที่แถบด้านบน เลือกช่องทางชำระเงินและจำนวน แล้วชำระเงินให้เสร็จในหน้าของผู้ให้บริการ เหรียญจะเข้าทันทีที่การชำระเงินได้รับการยืนยัน'],
    },
  },
  {
    key: 'withdraw',
    sort: 5,
    text: {
      'en-US': ['How long does a withdrawal take?', 'Most withdrawals are reviewed within a few hours. The amount is held as soon as you submit the request and is returned to your balance if it is rejected.'],
      'pt-BR': ['Quanto tempo leva um saque?', 'A maioria dos saques é analisada em poucas horas. O valor fica reservado assim que você envia o pedido e volta ao seu saldo se for recusado.'],
      'th-TH': ['ถอนเงินใช้เวลานานเท่าไร?', 'การถอนส่วนใหญ่ได้รับการตรวจสอบภายในไม่กี่ชั่วโมง ยอดเงินจะถูกกันไว้ทันทีที่ส่งคำขอ และจะคืนเข้ายอดคงเหลือหากคำขอถูกปฏิเสธ'],
    },
  },
  {
    key: 'withdrawable',
    sort: 6,
    text: {
      'en-US': ['Why can I not withdraw my whole balance?', 'Bonus money must be wagered before it can be withdrawn. The withdraw screen shows the turnover still needed and the amount you can take out now.'],
      'pt-BR': ['Por que não consigo sacar todo o meu saldo?', 'O dinheiro de bônus precisa ser apostado antes de ser sacado. A tela de saque mostra o volume de apostas ainda necessário e o valor que você pode sacar agora.'],
      'th-TH': ['ทำไมถอนยอดทั้งหมดไม่ได้?', 'เงินโบนัสต้องทำยอดเดิมพันก่อนจึงจะถอนได้ หน้าถอนเงินจะแสดงยอดเทิร์นโอเวอร์ที่ยังต้องทำและจำนวนที่ถอนได้ตอนนี้'],
    },
  },
  {
    key: 'bonus',
    sort: 7,
    text: {
      'en-US': ['How do bonuses work?', 'Bonuses come from events, tasks, VIP levels and daily sign-in. Each event page explains its rules. Claimed bonuses go to your balance with a wagering requirement.'],
      'pt-BR': ['Como funcionam os bônus?', 'Os bônus vêm de eventos, tarefas, níveis VIP e check-in diário. Cada página de evento explica suas regras. Os bônus resgatados vão para o seu saldo com um requisito de apostas.'],
      'th-TH': ['โบนัสทำงานอย่างไร?', 'โบนัสมาจากกิจกรรม ภารกิจ ระดับ VIP และการเช็คอินรายวัน แต่ละหน้ากิจกรรมอธิบายกติกาไว้ โบนัสที่รับแล้วจะเข้ายอดคงเหลือพร้อมเงื่อนไขการทำยอด'],
    },
  },
  {
    key: 'fairness',
    sort: 8,
    text: {
      'en-US': ['Are the games fair?', 'Every paying result comes from a cryptographic random source. Our own games are provably fair: you can check each round on the verify page.'],
      'pt-BR': ['Os jogos são justos?', 'Todo resultado que paga vem de uma fonte aleatória criptográfica. Nossos próprios jogos são comprovadamente justos: você pode conferir cada rodada na página de verificação.'],
      'th-TH': ['เกมยุติธรรมหรือไม่?', 'ผลลัพธ์ที่จ่ายเงินทุกครั้งมาจากแหล่งสุ่มเชิงรหัสลับ เกมของเราพิสูจน์ความยุติธรรมได้ คุณตรวจสอบแต่ละรอบได้ที่หน้ายืนยันผล'],
    },
  },
  {
    key: 'responsible-gaming',
    sort: 9,
    text: {
      'en-US': ['Can I limit my play?', 'Yes. Set deposit limits, reality-check reminders, take a break or self-exclude from your profile, or ask customer service. Play for fun and never chase losses.'],
      'pt-BR': ['Posso limitar meu jogo?', 'Sim. Defina limites de depósito, lembretes de tempo, faça uma pausa ou autoexclua-se pelo seu perfil, ou peça ao atendimento. Jogue por diversão e nunca tente recuperar perdas.'],
      'th-TH': ['จำกัดการเล่นของตัวเองได้ไหม?', 'ได้ ตั้งวงเงินฝาก การแจ้งเตือนเวลาเล่น พักการเล่น หรือระงับบัญชีตนเองได้จากโปรไฟล์ หรือติดต่อฝ่ายบริการลูกค้า เล่นเพื่อความสนุกและอย่าไล่ตามการเสีย'],
    },
  },
  {
    key: 'age',
    sort: 10,
    text: {
      'en-US': ['Who may play?', 'Only adults of legal gambling age in their country. We may ask for identity documents before a withdrawal.'],
      'pt-BR': ['Quem pode jogar?', 'Somente adultos com idade legal para jogos de aposta em seu país. Podemos pedir documentos de identidade antes de um saque.'],
      'th-TH': ['ใครเล่นได้บ้าง?', 'เฉพาะผู้ใหญ่ที่มีอายุถึงเกณฑ์ตามกฎหมายของประเทศตน เราอาจขอเอกสารยืนยันตัวตนก่อนการถอนเงิน'],
    },
  },
];
