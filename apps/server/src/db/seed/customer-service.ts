/** The customer service queue; itemType 1 opens online service (spec §3). */
export const customerServiceItems = [
  { itemKey: 'online', itemType: 1, name: 'Online service (24/7)', param1: '/service', param2: 'chat', sort: 1 },
  { itemKey: 'email', itemType: 2, name: 'E-mail support', param1: 'support@playhall.example', param2: 'Replies within 24 hours', sort: 2 },
  { itemKey: 'telegram', itemType: 3, name: 'Telegram', param1: 'https://t.me/playhall_support', param2: '@playhall_support', sort: 3 },
];
