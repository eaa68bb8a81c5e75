import type { ContentSlug } from '@playhall/contract';

type Lang = 'en-US' | 'pt-BR' | 'th-TH';

/**
 * The day these texts were written: the pages' "last updated" (not the day a server first seeded
 * them). An operator's edit of a row sets its own date.
 */
export const CONTENT_DATE = new Date('2026-11-25T00:00:00Z');

/**
 * Information pages, in every shipped language. Operator text: blank lines split paragraphs,
 * "# " starts a heading, "- " a list item. They describe what the product does today, nothing it
 * does not do yet (no bonuses, tasks, VIP or self-exclusion until those exist).
 */
export const contentPages: Record<ContentSlug, Record<Lang, { title: string; body: string }>> = {
  'about-us': {
    'en-US': {
      title: 'About us',
      body: `Playhall is a games lobby made for your phone. You open it in the browser, create an account in a minute, and play from one balance.

# What you can do today
- Play the four Playhall Originals: Fortune Reels, Crash, Mines and Dice. Each can be tried for free with play money before you log in.
- Deposit through the payment channels listed on the Deposit page, and set your own daily, weekly and monthly deposit limits.
- Withdraw to a receiving account you saved in your name; every request is reviewed by our team.
- Keep coins aside in the safebox, protected by its own password.
- See every deposit, withdrawal, safebox move and game round in your records.

# How we keep it fair
Every balance is kept as an exact amount in a double-entry ledger: each coin that moves is recorded on both sides, and the books are checked to add up. The Originals are provably fair: before a round you can see the hash of the server seed that decides it, and afterwards you can check the result yourself on the verify page.

# Talk to us
Questions about your account or a payment? The Support page lists how to reach us.`,
    },
    'pt-BR': {
      title: 'Sobre nós',
      body: `O Playhall é um lobby de jogos feito para o seu celular. Você abre no navegador, cria uma conta em um minuto e joga com um só saldo.

# O que você pode fazer hoje
- Jogar os quatro Playhall Originals: Fortune Reels, Crash, Mines e Dice. Cada um pode ser testado de graça, com dinheiro de mentira, antes de entrar na conta.
- Depositar pelos canais de pagamento listados na página Depositar e definir seus próprios limites de depósito diário, semanal e mensal.
- Sacar para uma conta de recebimento salva no seu nome; cada pedido é analisado pela nossa equipe.
- Guardar moedas no cofre, protegido por uma senha própria.
- Ver cada depósito, saque, movimentação do cofre e rodada de jogo nos seus registros.

# Como mantemos tudo justo
Cada saldo é guardado como um valor exato em um livro-caixa de partidas dobradas: cada moeda que se move é registrada dos dois lados, e as contas são conferidas para fechar. Os Originals são comprovadamente justos: antes de uma rodada você vê o hash da semente do servidor que a decide e, depois, pode conferir o resultado você mesmo na página de verificação.

# Fale conosco
Dúvidas sobre sua conta ou um pagamento? A página de Atendimento mostra como nos contatar.`,
    },
    'th-TH': {
      title: 'เกี่ยวกับเรา',
      body: `Playhall คือล็อบบี้เกมที่ทำมาสำหรับมือถือ เปิดในเบราว์เซอร์ สมัครบัญชีได้ในหนึ่งนาที และเล่นด้วยยอดเงินเดียว

# สิ่งที่ทำได้วันนี้
- เล่น Playhall Originals ทั้งสี่เกม: Fortune Reels, Crash, Mines และ Dice ทุกเกมทดลองเล่นฟรีด้วยเงินทดลองได้ก่อนเข้าสู่ระบบ
- ฝากเงินผ่านช่องทางชำระเงินที่แสดงในหน้าฝากเงิน และตั้งวงเงินฝากรายวัน รายสัปดาห์ และรายเดือนได้เอง
- ถอนเงินไปยังบัญชีรับเงินที่บันทึกไว้ในชื่อของคุณ ทุกคำขอได้รับการตรวจสอบโดยทีมงาน
- เก็บเหรียญไว้ในตู้เซฟที่มีรหัสผ่านของตัวเอง
- ดูทุกการฝาก การถอน การย้ายเข้าออกตู้เซฟ และทุกรอบการเล่นได้ในประวัติของคุณ

# เราดูแลความยุติธรรมอย่างไร
ยอดเงินทุกยอดถูกเก็บเป็นจำนวนที่แม่นยำในบัญชีแยกประเภทแบบบัญชีคู่ ทุกเหรียญที่เคลื่อนไหวถูกบันทึกทั้งสองฝั่ง และมีการตรวจว่ายอดตรงกันเสมอ เกม Originals พิสูจน์ความยุติธรรมได้: ก่อนเล่นแต่ละรอบ คุณเห็นค่าแฮชของซีดฝั่งเซิร์ฟเวอร์ที่กำหนดผล และหลังจบรอบ คุณตรวจผลได้เองที่หน้าตรวจสอบผล

# ติดต่อเรา
มีคำถามเรื่องบัญชีหรือการชำระเงิน? หน้าบริการลูกค้าแสดงช่องทางติดต่อเรา`,
    },
  },
  'privacy-policy': {
    'en-US': {
      title: 'Privacy policy',
      body: `This policy says what Playhall records about you, why, and who else sees it.

# What we record
- Your account: account name or phone number, nickname and avatar, and your password as a one-way hash (we cannot read it).
- Sign-in and security: the network (IP) address and device identifier of each login and registration, failed login attempts (to lock an account after too many), and SMS codes as hashes.
- Money: every deposit order, withdrawal request, safebox move and ledger entry, your deposit limits, and the receiving accounts you save (holder name and account number).
- Play: every game round (stake, result, time) and the seeds needed to verify the Originals.
- Use of the app: pages opened, games launched and similar events, counted by day to improve the app, under your account when you are logged in and otherwise under your network address.
- On your device: your login token and the language you chose (a cookie kept for 365 days).

# Why
To run your account and keep it safe, to move your money correctly, to settle and show your games, to meet legal duties (for example keeping payment records), and to find and fix problems.

# Who else sees it
- The payment provider of the channel you use receives what it needs to take a deposit or pay a withdrawal.
- A game provider receives a player reference and your balance for the rounds you play; it never receives your name, phone or password.
- Authorities, only when the law requires it.
We do not sell your data.

# How long
Money and game records are kept as long as the law requires for payment records. A login token expires after 30 days without use, and a logout ends it at once.

# Your choices
You can see your records in the app at any time. To ask for a copy of your data, a correction, or the closing of your account, write to us through the Support page.`,
    },
    'pt-BR': {
      title: 'Política de privacidade',
      body: `Esta política diz o que o Playhall registra sobre você, por quê e quem mais vê.

# O que registramos
- Sua conta: nome de conta ou número de telefone, apelido e avatar, e sua senha como hash de mão única (não conseguimos lê-la).
- Acesso e segurança: o endereço de rede (IP) e o identificador do aparelho de cada login e cadastro, as tentativas de login erradas (para bloquear a conta depois de muitas) e os códigos SMS como hash.
- Dinheiro: cada pedido de depósito, pedido de saque, movimentação do cofre e lançamento do livro-caixa, seus limites de depósito e as contas de recebimento que você salva (nome do titular e número da conta).
- Jogo: cada rodada (aposta, resultado, horário) e as sementes necessárias para verificar os Originals.
- Uso do app: páginas abertas, jogos iniciados e eventos parecidos, contados por dia para melhorar o app, na sua conta quando você está conectado e, fora dela, pelo seu endereço de rede.
- No seu aparelho: seu token de login e o idioma escolhido (um cookie guardado por 365 dias).

# Por quê
Para manter sua conta e protegê-la, movimentar seu dinheiro corretamente, liquidar e mostrar seus jogos, cumprir deveres legais (por exemplo, guardar registros de pagamento) e encontrar e corrigir problemas.

# Quem mais vê
- O provedor de pagamento do canal que você usa recebe o necessário para receber um depósito ou pagar um saque.
- Um provedor de jogos recebe uma referência de jogador e o seu saldo para as rodadas que você joga; nunca recebe seu nome, telefone ou senha.
- Autoridades, somente quando a lei exigir.
Não vendemos seus dados.

# Por quanto tempo
Os registros de dinheiro e de jogo são guardados pelo tempo que a lei exige para registros de pagamento. Um token de login expira após 30 dias sem uso, e sair da conta o encerra na hora.

# Suas escolhas
Você vê seus registros no app a qualquer momento. Para pedir uma cópia dos seus dados, uma correção ou o encerramento da sua conta, escreva para nós pela página de Atendimento.`,
    },
    'th-TH': {
      title: 'นโยบายความเป็นส่วนตัว',
      body: `นโยบายนี้บอกว่า Playhall บันทึกข้อมูลอะไรเกี่ยวกับคุณ เพื่ออะไร และใครเห็นข้อมูลนั้นบ้าง

# สิ่งที่เราบันทึก
- บัญชีของคุณ: ชื่อบัญชีหรือหมายเลขโทรศัพท์ ชื่อเล่นและรูปโปรไฟล์ และรหัสผ่านในรูปค่าแฮชทางเดียว (เราอ่านรหัสผ่านไม่ได้)
- การเข้าสู่ระบบและความปลอดภัย: ที่อยู่เครือข่าย (IP) และรหัสอุปกรณ์ของการเข้าสู่ระบบและการสมัครแต่ละครั้ง การใส่รหัสผ่านผิด (เพื่อล็อกบัญชีเมื่อผิดหลายครั้ง) และรหัส SMS ในรูปค่าแฮช
- เงิน: คำสั่งฝาก คำขอถอน การย้ายเข้าออกตู้เซฟ และรายการบัญชีทุกรายการ วงเงินฝากของคุณ และบัญชีรับเงินที่คุณบันทึก (ชื่อเจ้าของบัญชีและเลขบัญชี)
- การเล่น: ทุกรอบการเล่น (เดิมพัน ผล เวลา) และซีดที่ใช้ตรวจสอบผลเกม Originals
- การใช้งานแอป: หน้าที่เปิด เกมที่เปิดเล่น และเหตุการณ์ทำนองเดียวกัน นับเป็นรายวันเพื่อปรับปรุงแอป โดยผูกกับบัญชีของคุณเมื่อเข้าสู่ระบบอยู่ และผูกกับที่อยู่เครือข่ายเมื่อไม่ได้เข้าสู่ระบบ
- บนอุปกรณ์ของคุณ: โทเค็นเข้าสู่ระบบและภาษาที่คุณเลือก (คุกกี้ที่เก็บไว้ 365 วัน)

# เพื่ออะไร
เพื่อให้บริการบัญชีและรักษาความปลอดภัย เพื่อโอนย้ายเงินของคุณอย่างถูกต้อง เพื่อสรุปผลและแสดงผลการเล่น เพื่อปฏิบัติตามหน้าที่ทางกฎหมาย (เช่น การเก็บบันทึกการชำระเงิน) และเพื่อค้นหาและแก้ไขปัญหา

# ใครเห็นข้อมูลบ้าง
- ผู้ให้บริการชำระเงินของช่องทางที่คุณใช้ ได้รับข้อมูลเท่าที่จำเป็นเพื่อรับเงินฝากหรือจ่ายเงินถอน
- ผู้ให้บริการเกมได้รับรหัสอ้างอิงผู้เล่นและยอดเงินของคุณสำหรับรอบที่คุณเล่น โดยไม่ได้รับชื่อ หมายเลขโทรศัพท์ หรือรหัสผ่านของคุณ
- หน่วยงานรัฐ เฉพาะเมื่อกฎหมายกำหนด
เราไม่ขายข้อมูลของคุณ

# เก็บไว้นานเท่าไร
บันทึกด้านเงินและการเล่นถูกเก็บไว้ตามระยะเวลาที่กฎหมายกำหนดสำหรับบันทึกการชำระเงิน โทเค็นเข้าสู่ระบบหมดอายุเมื่อไม่ได้ใช้งาน 30 วัน และสิ้นสุดทันทีเมื่อออกจากระบบ

# ทางเลือกของคุณ
คุณดูบันทึกของคุณในแอปได้ตลอดเวลา หากต้องการขอสำเนาข้อมูล ขอแก้ไข หรือขอปิดบัญชี ติดต่อเราผ่านหน้าบริการลูกค้า`,
    },
  },
  'terms-of-use': {
    'en-US': {
      title: 'Terms of use',
      body: `By creating an account you agree to these terms.

# Who may play
You must be an adult and allowed by the law where you live to play games for money. One account per person. The details you give must be your own.

# Your account
Keep your password and SMS codes to yourself; we never ask for them. After 10 wrong passwords in 15 minutes the account is locked for 15 minutes; a password reset by SMS lifts the lock.

# Coins and your balance
Your balance is shown in coins. Every movement is recorded, and your records show each deposit, withdrawal, safebox move and game round.

# Deposits
A deposit is credited when the payment provider confirms it. A payment that is declined or not finished in time credits nothing. You can set daily, weekly and monthly deposit limits: a lower limit applies at once, a higher one or removing one after 24 hours.

# Withdrawals
Withdrawals are in whole coins, to a receiving account saved in your own name. The amount is held when you ask, and our team reviews each request. A rejected request or a failed payout returns the amount to your balance. Daily limits on the number and the total of requests are shown on the withdraw page.

# Games
A round is decided when it starts and is settled by the rules shown in the game. Bet records show every round you played. You can check the outcome of each Originals round on the verify page.

# Misuse
We may refuse a payment, hold a withdrawal or close an account involved in fraud, several accounts of one person, or abuse of a fault. We will tell you why through the Support page.

# Changes
When these terms change, the date below changes with them.`,
    },
    'pt-BR': {
      title: 'Termos de uso',
      body: `Ao criar uma conta, você concorda com estes termos.

# Quem pode jogar
Você precisa ser maior de idade e ter permissão da lei do lugar onde mora para jogar valendo dinheiro. Uma conta por pessoa. Os dados que você informa devem ser seus.

# Sua conta
Não compartilhe sua senha nem os códigos SMS; nunca pedimos esses dados. Depois de 10 senhas erradas em 15 minutos, a conta fica bloqueada por 15 minutos; redefinir a senha por SMS desfaz o bloqueio.

# Moedas e saldo
Seu saldo é mostrado em moedas. Cada movimentação é registrada, e seus registros mostram cada depósito, saque, movimentação do cofre e rodada de jogo.

# Depósitos
Um depósito é creditado quando o provedor de pagamento o confirma. Um pagamento recusado ou não concluído a tempo não credita nada. Você pode definir limites de depósito diário, semanal e mensal: um limite menor vale na hora; um maior, ou remover um limite, vale após 24 horas.

# Saques
Os saques são em moedas inteiras, para uma conta de recebimento salva no seu próprio nome. O valor fica reservado quando você pede, e nossa equipe analisa cada pedido. Um pedido recusado ou um pagamento que falhe devolve o valor ao seu saldo. Os limites diários de quantidade e de total de pedidos aparecem na página de saque.

# Jogos
Uma rodada é decidida quando começa e é liquidada pelas regras mostradas no jogo. O histórico de apostas mostra cada rodada jogada. Você pode conferir o resultado de cada rodada dos Originals na página de verificação.

# Uso indevido
Podemos recusar um pagamento, reter um saque ou encerrar uma conta envolvida em fraude, em várias contas da mesma pessoa ou no aproveitamento de uma falha. Diremos o motivo pela página de Atendimento.

# Mudanças
Quando estes termos mudarem, a data abaixo muda junto.`,
    },
    'th-TH': {
      title: 'ข้อกำหนดการใช้งาน',
      body: `เมื่อสมัครบัญชี ถือว่าคุณยอมรับข้อกำหนดเหล่านี้

# ใครเล่นได้
คุณต้องบรรลุนิติภาวะและได้รับอนุญาตตามกฎหมายของที่ที่คุณอาศัยอยู่ให้เล่นเกมที่ใช้เงินจริง หนึ่งคนหนึ่งบัญชี และข้อมูลที่ให้ต้องเป็นของคุณเอง

# บัญชีของคุณ
เก็บรหัสผ่านและรหัส SMS ไว้เป็นความลับ เราไม่เคยขอข้อมูลเหล่านี้ หากใส่รหัสผ่านผิด 10 ครั้งภายใน 15 นาที บัญชีจะถูกล็อก 15 นาที การรีเซ็ตรหัสผ่านทาง SMS จะปลดล็อก

# เหรียญและยอดเงิน
ยอดเงินของคุณแสดงเป็นเหรียญ ทุกการเคลื่อนไหวถูกบันทึก และประวัติของคุณแสดงทุกการฝาก การถอน การย้ายเข้าออกตู้เซฟ และทุกรอบการเล่น

# การฝากเงิน
เงินฝากจะเข้าบัญชีเมื่อผู้ให้บริการชำระเงินยืนยัน การชำระเงินที่ถูกปฏิเสธหรือทำไม่เสร็จภายในเวลาจะไม่เข้าบัญชี คุณตั้งวงเงินฝากรายวัน รายสัปดาห์ และรายเดือนได้ วงเงินที่ลดลงมีผลทันที ส่วนวงเงินที่เพิ่มขึ้นหรือการยกเลิกวงเงินมีผลหลัง 24 ชั่วโมง

# การถอนเงิน
ถอนได้เป็นเหรียญเต็มจำนวน ไปยังบัญชีรับเงินที่บันทึกไว้ในชื่อของคุณเอง ยอดเงินจะถูกกันไว้ทันทีที่ขอ และทีมงานตรวจสอบทุกคำขอ หากคำขอถูกปฏิเสธหรือการจ่ายเงินล้มเหลว ยอดเงินจะคืนเข้ายอดคงเหลือ วงเงินจำนวนครั้งและยอดรวมต่อวันแสดงอยู่ในหน้าถอนเงิน

# เกม
ผลของแต่ละรอบถูกกำหนดเมื่อเริ่มรอบ และสรุปผลตามกติกาที่แสดงในเกม ประวัติการเดิมพันแสดงทุกรอบที่คุณเล่น คุณตรวจผลของแต่ละรอบในเกม Originals ได้ที่หน้าตรวจสอบผล

# การใช้งานในทางที่ผิด
เราอาจปฏิเสธการชำระเงิน ระงับการถอน หรือปิดบัญชีที่เกี่ยวข้องกับการฉ้อโกง การมีหลายบัญชีของคนเดียว หรือการใช้ประโยชน์จากข้อผิดพลาดของระบบ และจะแจ้งเหตุผลผ่านหน้าบริการลูกค้า

# การเปลี่ยนแปลง
เมื่อข้อกำหนดเหล่านี้เปลี่ยน วันที่ด้านล่างจะเปลี่ยนตามไปด้วย`,
    },
  },
  download: {
    'en-US': {
      title: 'Playhall on your home screen',
      body: `Playhall has no app-store app: it runs in your phone's browser. Add it to your home screen and it opens from its own icon, always in its newest version.

# Android (Chrome)
- Open Playhall in Chrome.
- Tap the ⋮ menu, then "Add to Home screen".

# iPhone (Safari)
- Open Playhall in Safari.
- Tap the Share button, then "Add to Home Screen".

You stay logged in on that phone until you log out or 30 days pass without use.`,
    },
    'pt-BR': {
      title: 'Playhall na tela inicial',
      body: `O Playhall não tem app na loja de aplicativos: ele funciona no navegador do seu celular. Adicione-o à tela inicial e ele abre pelo próprio ícone, sempre na versão mais nova.

# Android (Chrome)
- Abra o Playhall no Chrome.
- Toque no menu ⋮ e depois em "Adicionar à tela inicial".

# iPhone (Safari)
- Abra o Playhall no Safari.
- Toque no botão Compartilhar e depois em "Adicionar à Tela de Início".

Você continua conectado nesse celular até sair da conta ou passar 30 dias sem usar.`,
    },
    'th-TH': {
      title: 'Playhall บนหน้าจอโฮม',
      body: `Playhall ไม่มีแอปในแอปสโตร์ แต่ทำงานในเบราว์เซอร์ของมือถือ เพิ่มไว้ที่หน้าจอโฮมแล้วเปิดได้จากไอคอนของตัวเอง และเป็นเวอร์ชันล่าสุดเสมอ

# Android (Chrome)
- เปิด Playhall ใน Chrome
- แตะเมนู ⋮ แล้วเลือก "เพิ่มลงในหน้าจอหลัก"

# iPhone (Safari)
- เปิด Playhall ใน Safari
- แตะปุ่มแชร์ แล้วเลือก "เพิ่มไปยังหน้าจอโฮม"

คุณจะยังเข้าสู่ระบบอยู่บนมือถือเครื่องนั้นจนกว่าจะออกจากระบบ หรือไม่ได้ใช้งานครบ 30 วัน`,
    },
  },
};
