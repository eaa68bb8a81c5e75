type Lang = 'en-US' | 'pt-BR' | 'th-TH';
type Qa = Record<Lang, [question: string, answer: string]>;

/**
 * Frequently asked questions, in every shipped language. The key keeps the seed idempotent.
 * Answers are operator text (see RichText): `[label](/path)` is a link. They describe what the
 * product does today: rewards as the operator runs them (decision 028), invites as tasks count them
 * (decision 065); no self-exclusion until it exists.
 */
export const faqItems: { key: string; sort: number; text: Qa }[] = [
  {
    key: 'create-account',
    sort: 1,
    text: {
      'en-US': ['How do I create an account?', 'Tap Register and choose an account name or your phone number, then a password. With a phone number we send a 6-digit code by SMS to confirm it is yours. You can type the number the usual way, with spaces or dashes, and pick your country.'],
      'pt-BR': ['Como crio uma conta?', 'Toque em Cadastrar e escolha um nome de conta ou seu número de telefone, depois uma senha. Com telefone, enviamos um código de 6 dígitos por SMS para confirmar que o número é seu. Você pode digitar o número do jeito de sempre, com espaços ou traços, e escolher o seu país.'],
      'th-TH': ['สมัครบัญชีอย่างไร?', 'แตะ สมัครสมาชิก แล้วเลือกชื่อบัญชีหรือหมายเลขโทรศัพท์ จากนั้นตั้งรหัสผ่าน หากใช้โทรศัพท์ เราจะส่งรหัส 6 หลักทาง SMS เพื่อยืนยันว่าเป็นหมายเลขของคุณ พิมพ์หมายเลขได้ตามปกติ จะมีเว้นวรรคหรือขีดก็ได้ และเลือกประเทศของคุณได้'],
    },
  },
  {
    key: 'forgot-password',
    sort: 2,
    text: {
      'en-US': ['I forgot my password. What now?', 'Use "Forgot password" on the login screen. We send a code to the phone bound to your account; enter it with a new password. Every device logged in to the account is then logged out. An account without a bound phone can bind one from the profile page.'],
      'pt-BR': ['Esqueci minha senha. E agora?', 'Use "Esqueci a senha" na tela de login. Enviamos um código para o telefone vinculado à sua conta; digite-o com uma nova senha. Todos os aparelhos conectados à conta são desconectados. Uma conta sem telefone vinculado pode vincular um pela página de perfil.'],
      'th-TH': ['ลืมรหัสผ่าน ต้องทำอย่างไร?', 'ใช้ "ลืมรหัสผ่าน" ที่หน้าเข้าสู่ระบบ เราจะส่งรหัสไปยังโทรศัพท์ที่ผูกกับบัญชี กรอกรหัสพร้อมรหัสผ่านใหม่ จากนั้นทุกอุปกรณ์ที่เข้าสู่ระบบบัญชีนี้จะถูกออกจากระบบ บัญชีที่ยังไม่ได้ผูกโทรศัพท์ ผูกได้จากหน้าโปรไฟล์'],
    },
  },
  {
    key: 'account-locked',
    sort: 3,
    text: {
      'en-US': ['Why is my account locked?', 'After 10 wrong passwords in 15 minutes we lock the account for 15 minutes to protect it. Wait, or reset your password by SMS, which lifts the lock at once.'],
      'pt-BR': ['Por que minha conta foi bloqueada?', 'Depois de 10 senhas erradas em 15 minutos, bloqueamos a conta por 15 minutos para protegê-la. Aguarde ou redefina a senha por SMS, o que desfaz o bloqueio na hora.'],
      'th-TH': ['ทำไมบัญชีของฉันถูกล็อก?', 'หากใส่รหัสผ่านผิด 10 ครั้งภายใน 15 นาที บัญชีจะถูกล็อก 15 นาทีเพื่อความปลอดภัย กรุณารอ หรือรีเซ็ตรหัสผ่านทาง SMS ซึ่งจะปลดล็อกทันที'],
    },
  },
  {
    key: 'deposit',
    sort: 4,
    text: {
      'en-US': ['How do I make a deposit?', 'Tap Deposit in the top bar, pick a payment channel and an amount in whole coins, then finish the payment on the provider\'s page. The coins arrive as soon as the provider confirms the payment. The deposit history on the Deposit page shows every order: paid, declined, expired or still pending.'],
      'pt-BR': ['Como faço um depósito?', 'Toque em Depositar na barra superior, escolha um canal de pagamento e um valor em moedas inteiras e conclua o pagamento na página do provedor. As moedas chegam assim que o provedor confirma o pagamento. O histórico na página Depositar mostra cada pedido: pago, recusado, expirado ou ainda pendente.'],
      'th-TH': ['ฝากเงินอย่างไร?', 'แตะ ฝากเงิน ที่แถบด้านบน เลือกช่องทางชำระเงินและจำนวนเป็นเหรียญเต็ม แล้วชำระเงินให้เสร็จในหน้าของผู้ให้บริการ เหรียญจะเข้าทันทีที่ผู้ให้บริการยืนยันการชำระเงิน ประวัติในหน้าฝากเงินแสดงทุกคำสั่ง ทั้งที่สำเร็จ ถูกปฏิเสธ หมดเวลา หรือยังรอดำเนินการ'],
    },
  },
  {
    key: 'withdraw',
    sort: 5,
    text: {
      'en-US': ['How does a withdrawal work?', 'Save a receiving account in your own name, then ask for an amount in whole coins. The amount is held from your balance at once and our team reviews the request; you can follow its status in your wallet records. If the request is rejected or the payout fails, the amount comes back to your balance.'],
      'pt-BR': ['Como funciona um saque?', 'Salve uma conta de recebimento no seu próprio nome e peça um valor em moedas inteiras. O valor é reservado do seu saldo na hora e nossa equipe analisa o pedido; você acompanha o status nos registros da carteira. Se o pedido for recusado ou o pagamento falhar, o valor volta ao seu saldo.'],
      'th-TH': ['การถอนเงินทำงานอย่างไร?', 'บันทึกบัญชีรับเงินในชื่อของคุณเอง แล้วขอถอนเป็นจำนวนเหรียญเต็ม ยอดเงินจะถูกกันจากยอดคงเหลือทันที และทีมงานจะตรวจสอบคำขอ คุณติดตามสถานะได้ในประวัติกระเป๋าเงิน หากคำขอถูกปฏิเสธหรือการจ่ายเงินล้มเหลว ยอดเงินจะคืนเข้ายอดคงเหลือ'],
    },
  },
  {
    key: 'withdrawable',
    sort: 6,
    text: {
      'en-US': ['Why can I not withdraw the amount I want?', 'Withdrawals are in whole coins and within the channel\'s minimum and maximum. There is also a daily limit on the number and the total of requests, shown on the withdraw page. Coins in the safebox must be moved back to your balance first.'],
      'pt-BR': ['Por que não consigo sacar o valor que quero?', 'Os saques são em moedas inteiras, dentro do mínimo e do máximo do canal. Há também um limite diário de quantidade e de total de pedidos, mostrado na página de saque. Moedas no cofre precisam voltar ao saldo antes.'],
      'th-TH': ['ทำไมถอนจำนวนที่ต้องการไม่ได้?', 'การถอนต้องเป็นเหรียญเต็มจำนวน และอยู่ระหว่างขั้นต่ำและสูงสุดของช่องทาง นอกจากนี้ยังมีวงเงินจำนวนครั้งและยอดรวมต่อวัน ซึ่งแสดงในหน้าถอนเงิน เหรียญในตู้เซฟต้องย้ายกลับเข้ายอดคงเหลือก่อน'],
    },
  },
  {
    key: 'safebox',
    sort: 7,
    text: {
      'en-US': ['What is the safebox?', 'A place to keep coins aside from your playing balance. Moving coins in is free at any time; taking them out needs the safebox password you set, so no one using your open session can spend them.'],
      'pt-BR': ['O que é o cofre?', 'Um lugar para guardar moedas fora do saldo de jogo. Colocar moedas é livre a qualquer momento; tirá-las exige a senha do cofre que você definiu, assim ninguém que use sua sessão aberta consegue gastá-las.'],
      'th-TH': ['ตู้เซฟคืออะไร?', 'ที่เก็บเหรียญแยกจากยอดเงินที่ใช้เล่น ย้ายเหรียญเข้าได้ทุกเมื่อ ส่วนการนำออกต้องใช้รหัสผ่านตู้เซฟที่คุณตั้งไว้ จึงไม่มีใครใช้เซสชันที่เปิดค้างไว้ของคุณนำเหรียญไปใช้ได้'],
    },
  },
  {
    key: 'rewards',
    sort: 8,
    text: {
      'en-US': ['How do rewards work?', 'When Playhall runs a reward, such as the daily sign-in, a sign-up bonus, a bonus for binding your phone, interest on your safebox or a first-deposit bonus, you find it on the Me page with a red dot when something is ready to receive. Each reward page says what it pays and its rules. Bonus coin goes straight to your balance, and you can play with it at once; to withdraw it you first play the turnover the reward states (for example ×1: bets adding up to the bonus). The withdraw page shows what you can withdraw now, and [Reward records](/reward/record) lists everything you received. One-off rewards are once per person: a second account on the same phone or device does not get them again.'],
      'pt-BR': ['Como funcionam as recompensas?', 'Quando o Playhall tem uma recompensa ativa, como o login diário, o bônus de cadastro, o bônus por vincular o telefone, os juros do cofre ou o bônus do primeiro depósito, ela aparece na página Eu, com um ponto vermelho quando há algo para receber. Cada página de recompensa diz quanto paga e suas regras. O bônus vai direto para o seu saldo e já pode ser usado para jogar; para sacá-lo, primeiro você aposta o volume que a recompensa indica (por exemplo ×1: apostas que somem o valor do bônus). A página de saque mostra quanto você pode sacar agora, e [Registros de recompensas](/reward/record) lista tudo o que você recebeu. Recompensas únicas valem uma vez por pessoa: outra conta no mesmo telefone ou aparelho não as recebe de novo.'],
      'th-TH': ['รางวัลทำงานอย่างไร?', 'เมื่อ Playhall เปิดกิจกรรมรางวัล เช่น เช็กอินรายวัน โบนัสสมัครสมาชิก โบนัสผูกโทรศัพท์ ดอกเบี้ยตู้เซฟ หรือโบนัสฝากครั้งแรก คุณจะพบได้ที่หน้า ฉัน พร้อมจุดสีแดงเมื่อมีรางวัลให้รับ แต่ละหน้ารางวัลบอกจำนวนที่จ่ายและกติกา โบนัสเข้ายอดคงเหลือทันทีและใช้เล่นได้เลย แต่ก่อนถอนต้องทำยอดเดิมพันตามที่รางวัลระบุ (เช่น ×1 คือเดิมพันรวมเท่ากับโบนัส) หน้าถอนเงินแสดงยอดที่ถอนได้ตอนนี้ และ [ประวัติรางวัล](/reward/record) แสดงทุกอย่างที่คุณได้รับ รางวัลแบบครั้งเดียวให้ได้หนึ่งครั้งต่อคน บัญชีที่สองบนโทรศัพท์หรืออุปกรณ์เดียวกันจะไม่ได้รับซ้ำ'],
    },
  },
  {
    key: 'invites',
    sort: 8,
    text: {
      'en-US': ['How do invites count?', "When a task asks you to invite friends, its Invite button shares your registration link (or copies it). A friend counts once they register with your link and then deposit and bet the amounts shown under the task. Each friend counts once, on the day they reach those amounts. Accounts on your own phone or device do not count."],
      'pt-BR': ['Como os convites contam?', 'Quando uma tarefa pede para convidar amigos, o botão Convidar compartilha o seu link de cadastro (ou o copia). Um amigo conta depois de se cadastrar com o seu link e depositar e apostar os valores mostrados na tarefa. Cada amigo conta uma vez, no dia em que atinge esses valores. Contas no seu próprio telefone ou aparelho não contam.'],
      'th-TH': ['การเชิญนับอย่างไร?', 'เมื่องานให้เชิญเพื่อน ปุ่มเชิญจะแชร์ลิงก์สมัครของคุณ (หรือคัดลอกให้) เพื่อนจะนับเมื่อสมัครด้วยลิงก์ของคุณ แล้วฝากและเดิมพันครบยอดที่แสดงใต้งาน เพื่อนแต่ละคนนับครั้งเดียว ในวันที่ทำยอดครบ บัญชีบนโทรศัพท์หรืออุปกรณ์ของคุณเองไม่นับ'],
    },
  },
  {
    key: 'fairness',
    sort: 8,
    text: {
      'en-US': ['Are the games fair?', 'Every result of the Playhall Originals comes from the server seed, your client seed and the round number, and can be checked by anyone. Before you play, the game shows the hash of the server seed; you can change your client seed at any time.'],
      'pt-BR': ['Os jogos são justos?', 'Todo resultado dos Playhall Originals vem da semente do servidor, da sua semente de cliente e do número da rodada, e qualquer pessoa pode conferi-lo. Antes de jogar, o jogo mostra o hash da semente do servidor; você pode trocar sua semente de cliente quando quiser.'],
      'th-TH': ['เกมยุติธรรมหรือไม่?', 'ผลทุกผลของ Playhall Originals มาจากซีดฝั่งเซิร์ฟเวอร์ ซีดฝั่งผู้เล่นของคุณ และหมายเลขรอบ และใครก็ตรวจสอบได้ ก่อนเล่น เกมจะแสดงค่าแฮชของซีดฝั่งเซิร์ฟเวอร์ และคุณเปลี่ยนซีดฝั่งผู้เล่นได้ทุกเมื่อ'],
    },
  },
  {
    key: 'provably-fair',
    sort: 9,
    text: {
      'en-US': ['How do I check an Originals round?', 'Open the [verify page](/originals/verify), enter the round\'s server seed (shown once you rotate to a new one), your client seed and the round number, and it recomputes the result. The Fairness panel in each game shows your seeds and the next round number.'],
      'pt-BR': ['Como confiro uma rodada dos Originals?', 'Abra a [página de verificação](/originals/verify), informe a semente do servidor da rodada (mostrada quando você troca para uma nova), sua semente de cliente e o número da rodada, e ela recalcula o resultado. O painel Justiça em cada jogo mostra suas sementes e o número da próxima rodada.'],
      'th-TH': ['ตรวจสอบรอบของเกม Originals อย่างไร?', 'เปิด[หน้าตรวจสอบผล](/originals/verify) กรอกซีดฝั่งเซิร์ฟเวอร์ของรอบนั้น (แสดงเมื่อคุณเปลี่ยนไปใช้ซีดใหม่) ซีดฝั่งผู้เล่น และหมายเลขรอบ แล้วหน้าจะคำนวณผลใหม่ให้ แผงความยุติธรรมในแต่ละเกมแสดงซีดของคุณและหมายเลขรอบถัดไป'],
    },
  },
  {
    key: 'responsible-gaming',
    sort: 10,
    text: {
      'en-US': ['Can I limit my play?', 'Yes. Under Me → Responsible gaming you set how much you can deposit per day, week and month. A lower limit applies at once; a higher one, or removing one, only after 24 hours. Play for fun, set a budget before you start, and never chase losses.'],
      'pt-BR': ['Posso limitar meu jogo?', 'Sim. Em Eu → Jogo responsável você define quanto pode depositar por dia, semana e mês. Um limite menor vale na hora; um maior, ou remover um limite, só depois de 24 horas. Jogue por diversão, defina um orçamento antes de começar e nunca tente recuperar perdas.'],
      'th-TH': ['จำกัดการเล่นของตัวเองได้ไหม?', 'ได้ ที่ ฉัน → การเล่นอย่างรับผิดชอบ คุณตั้งได้ว่าจะฝากได้เท่าไรต่อวัน ต่อสัปดาห์ และต่อเดือน วงเงินที่ลดลงมีผลทันที ส่วนวงเงินที่เพิ่มขึ้นหรือการยกเลิกวงเงินมีผลหลัง 24 ชั่วโมง เล่นเพื่อความสนุก ตั้งงบก่อนเริ่มเล่น และอย่าไล่ตามการเสีย'],
    },
  },
  {
    key: 'age',
    sort: 11,
    text: {
      'en-US': ['Who may play?', 'Only adults allowed by the law where they live to play games for money, with one account per person. Anyone can try the Originals for free with play money, without an account.'],
      'pt-BR': ['Quem pode jogar?', 'Somente adultos com permissão da lei do lugar onde moram para jogar valendo dinheiro, com uma conta por pessoa. Qualquer pessoa pode testar os Originals de graça, com dinheiro de mentira, sem conta.'],
      'th-TH': ['ใครเล่นได้บ้าง?', 'เฉพาะผู้ใหญ่ที่กฎหมายของที่ที่ตนอาศัยอยู่อนุญาตให้เล่นเกมที่ใช้เงินจริง หนึ่งคนหนึ่งบัญชี ส่วนการทดลองเล่น Originals ฟรีด้วยเงินทดลอง ใครก็เล่นได้โดยไม่ต้องมีบัญชี'],
    },
  },
];

/** FAQ entries an earlier seed wrote that describe features that do not exist yet: removed while unedited. */
export const retiredFaqKeys = ['bonus'] as const;
