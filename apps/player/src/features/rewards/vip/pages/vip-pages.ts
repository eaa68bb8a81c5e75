// The VIP pages as one lazy chunk: the router keeps one loader for them (first-screen budget, decision 033).
export { VipHomePage } from './vip-home-page.tsx';
export { VipLevelPage } from './vip-level-page.tsx';
export { RebatePage } from './rebate-page.tsx';
export { RebateRecordPage } from './rebate-record-page.tsx';
