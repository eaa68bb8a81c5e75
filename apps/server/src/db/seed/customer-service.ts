/**
 * The customer service queue (spec §3). itemType 1 is online service: param1 is the address of
 * the operator's live-chat desk, which the app opens. The demo has no chat desk, so it seeds
 * only the channels that work without one; an operator adds the itemType 1 row with their URL.
 */
export const customerServiceItems = [
  { itemKey: 'email', itemType: 2, name: 'E-mail support', param1: 'support@playhall.example', param2: 'Replies within 24 hours', sort: 1 },
  { itemKey: 'telegram', itemType: 3, name: 'Telegram', param1: 'https://t.me/playhall_support', param2: '@playhall_support', sort: 2 },
];
