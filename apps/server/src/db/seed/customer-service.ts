/**
 * The customer service queue (spec §3), demo data (decision 014). itemType 1 is online service:
 * param1 is the address of the operator's live-chat desk, which the app opens. The demo has no
 * chat desk and no mailbox, so it seeds an `.example` address that says so, and the help pages,
 * which work without anyone behind them; an operator replaces the address and adds their desk.
 */
export const customerServiceItems = [
  { itemKey: 'email', itemType: 2, name: 'E-mail support', param1: 'support@playhall.example', param2: 'Demo address: the operator sets the real one', sort: 1 },
  { itemKey: 'help', itemType: 3, name: 'Help centre (FAQ)', param1: '/faq', param2: 'Answers about accounts, deposits, withdrawals and games', sort: 2 },
];

/** Demo contacts an earlier seed wrote and that must not stay: an unowned Telegram handle anyone could claim. */
export const retiredCustomerService = [{ itemKey: 'telegram', param1: 'https://t.me/playhall_support' }];
