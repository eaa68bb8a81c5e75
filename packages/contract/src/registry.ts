import type { Endpoint } from './envelope.ts';
import { fairSeedHistoryEndpoint } from './endpoints/fair-seed-history.ts';
import { fairSeedInfoEndpoint } from './endpoints/fair-seed-info.ts';
import { fairSeedRotateEndpoint } from './endpoints/fair-seed-rotate.ts';
import { appConfigEndpoint } from './endpoints/app-config.ts';
import { contentPageEndpoint } from './endpoints/content-page.ts';
import { preLoginEndpoint } from './endpoints/pre-login.ts';
import { afterLoginInfoEndpoint } from './endpoints/after-login-info.ts';
import { refreshDataEndpoint } from './endpoints/refresh-data.ts';
import { customerServicesEndpoint } from './endpoints/customer-services.ts';
import {
  accountLoginEndpoint,
  accountLoginSmsEndpoint,
  accountRegist4Endpoint,
  accountRegistEndpoint,
  bindAccountEndpoint,
  forgetPasswordEndpoint,
  initPasswordEndpoint,
  logoutEndpoint,
  smsSendEndpoint,
  updateProfileEndpoint,
} from './endpoints/auth.ts';
import {
  getDepositLimitsEndpoint,
  getRechargeInfoEndpoint,
  getRechargeOrderEndpoint,
  getRechargeOrderListEndpoint,
  rechargeEndpoint,
  setDepositLimitsEndpoint,
} from './endpoints/deposit.ts';
import { appUserCoinDetailEndpoint } from './endpoints/coin-detail.ts';
import {
  addBankInfoEndpoint,
  exchangeEndpoint,
  getBankInfoListEndpoint,
  getExchangeEndpoint,
  getWithdrawalOrderEndpoint,
  modifyBankInfoEndpoint,
} from './endpoints/withdraw.ts';
import { anonymousStartGameEndpoint, exitGameEndpoint, gameLikeEndpoint, onlineEndpoint, startGameEndpoint } from './endpoints/games.ts';
import { betRecordEndpoint, betRecordReportEndpoint, gameBalanceListEndpoint, retrieveBalanceEndpoint } from './endpoints/bet-records.ts';
import { getSafeboxEndpoint, safeboxDepositEndpoint, safeboxWithdrawEndpoint, setSafeboxPasswordEndpoint } from './endpoints/safebox.ts';
import { appEventLogClientEndpoint } from './endpoints/app-event-log.ts';
import {
  activityAwardGetLogEndpoint,
  activityGetStatusListEndpoint,
  activityReceiveEndpoint,
  getActivityIdsEndpoint,
  loginBonus3UserEndpoint,
  loginBonus3UserReceiveEndpoint,
} from './endpoints/activities.ts';
import { finishTaskEndpoint, getTaskUserEndpoint, receiveTaskAwardEndpoint } from './endpoints/tasks.ts';
import { getInviteInfoEndpoint } from './endpoints/invites.ts';
import {
  appVipUserReceiveDailyEndpoint,
  appVipUserReceiveSignInAwardEndpoint,
  getVipInfoEndpoint,
  receiveVipTaskEndpoint,
  receiveVipTaskUnReceiveBonusEndpoint,
} from './endpoints/vip.ts';
import { betBonusEndpoint, betBonusLogEndpoint, betBonusReceiveEndpoint } from './endpoints/rebate.ts';
import { activityAwardGetSumEndpoint } from './endpoints/award-sum.ts';
import { getJackpotDrawInfoEndpoint } from './endpoints/jackpot-draw-info.ts';
import { receiveDrawChanceEndpoint } from './endpoints/jackpot-draw.ts';
import { getJackpotRankEndpoint } from './endpoints/jackpot-rank.ts';
import { getPersonJackpotDrawAwardLogEndpoint } from './endpoints/jackpot-records.ts';

/** Every endpoint of /app/v1, keyed by path. The server must serve each one (a test checks). */
export const endpoints = {
  [appConfigEndpoint.path]: appConfigEndpoint,
  [contentPageEndpoint.path]: contentPageEndpoint,
  [preLoginEndpoint.path]: preLoginEndpoint,
  [afterLoginInfoEndpoint.path]: afterLoginInfoEndpoint,
  [refreshDataEndpoint.path]: refreshDataEndpoint,
  [customerServicesEndpoint.path]: customerServicesEndpoint,
  [smsSendEndpoint.path]: smsSendEndpoint,
  [accountRegistEndpoint.path]: accountRegistEndpoint,
  [accountRegist4Endpoint.path]: accountRegist4Endpoint,
  [accountLoginEndpoint.path]: accountLoginEndpoint,
  [accountLoginSmsEndpoint.path]: accountLoginSmsEndpoint,
  [forgetPasswordEndpoint.path]: forgetPasswordEndpoint,
  [initPasswordEndpoint.path]: initPasswordEndpoint,
  [bindAccountEndpoint.path]: bindAccountEndpoint,
  [updateProfileEndpoint.path]: updateProfileEndpoint,
  [logoutEndpoint.path]: logoutEndpoint,
  [getRechargeInfoEndpoint.path]: getRechargeInfoEndpoint,
  [rechargeEndpoint.path]: rechargeEndpoint,
  [getRechargeOrderEndpoint.path]: getRechargeOrderEndpoint,
  [getRechargeOrderListEndpoint.path]: getRechargeOrderListEndpoint,
  [getDepositLimitsEndpoint.path]: getDepositLimitsEndpoint,
  [setDepositLimitsEndpoint.path]: setDepositLimitsEndpoint,
  [appUserCoinDetailEndpoint.path]: appUserCoinDetailEndpoint,
  [getSafeboxEndpoint.path]: getSafeboxEndpoint,
  [setSafeboxPasswordEndpoint.path]: setSafeboxPasswordEndpoint,
  [safeboxDepositEndpoint.path]: safeboxDepositEndpoint,
  [safeboxWithdrawEndpoint.path]: safeboxWithdrawEndpoint,
  [getExchangeEndpoint.path]: getExchangeEndpoint,
  [exchangeEndpoint.path]: exchangeEndpoint,
  [getWithdrawalOrderEndpoint.path]: getWithdrawalOrderEndpoint,
  [getBankInfoListEndpoint.path]: getBankInfoListEndpoint,
  [addBankInfoEndpoint.path]: addBankInfoEndpoint,
  [modifyBankInfoEndpoint.path]: modifyBankInfoEndpoint,
  [gameLikeEndpoint.path]: gameLikeEndpoint,
  [startGameEndpoint.path]: startGameEndpoint,
  [anonymousStartGameEndpoint.path]: anonymousStartGameEndpoint,
  [onlineEndpoint.path]: onlineEndpoint,
  [exitGameEndpoint.path]: exitGameEndpoint,
  [betRecordEndpoint.path]: betRecordEndpoint,
  [betRecordReportEndpoint.path]: betRecordReportEndpoint,
  [gameBalanceListEndpoint.path]: gameBalanceListEndpoint,
  [retrieveBalanceEndpoint.path]: retrieveBalanceEndpoint,
  [appEventLogClientEndpoint.path]: appEventLogClientEndpoint,
  [getActivityIdsEndpoint.path]: getActivityIdsEndpoint,
  [activityGetStatusListEndpoint.path]: activityGetStatusListEndpoint,
  [activityAwardGetLogEndpoint.path]: activityAwardGetLogEndpoint,
  [activityAwardGetSumEndpoint.path]: activityAwardGetSumEndpoint,
  [loginBonus3UserEndpoint.path]: loginBonus3UserEndpoint,
  [loginBonus3UserReceiveEndpoint.path]: loginBonus3UserReceiveEndpoint,
  [getTaskUserEndpoint.path]: getTaskUserEndpoint,
  [finishTaskEndpoint.path]: finishTaskEndpoint,
  [receiveTaskAwardEndpoint.path]: receiveTaskAwardEndpoint,
  [getInviteInfoEndpoint.path]: getInviteInfoEndpoint,
  [activityReceiveEndpoint.path]: activityReceiveEndpoint,
  [getVipInfoEndpoint.path]: getVipInfoEndpoint,
  [appVipUserReceiveDailyEndpoint.path]: appVipUserReceiveDailyEndpoint,
  [appVipUserReceiveSignInAwardEndpoint.path]: appVipUserReceiveSignInAwardEndpoint,
  [receiveVipTaskEndpoint.path]: receiveVipTaskEndpoint,
  [receiveVipTaskUnReceiveBonusEndpoint.path]: receiveVipTaskUnReceiveBonusEndpoint,
  [betBonusEndpoint.path]: betBonusEndpoint,
  [betBonusReceiveEndpoint.path]: betBonusReceiveEndpoint,
  [betBonusLogEndpoint.path]: betBonusLogEndpoint,
  [getJackpotDrawInfoEndpoint.path]: getJackpotDrawInfoEndpoint,
  [receiveDrawChanceEndpoint.path]: receiveDrawChanceEndpoint,
  [getJackpotRankEndpoint.path]: getJackpotRankEndpoint,
  [getPersonJackpotDrawAwardLogEndpoint.path]: getPersonJackpotDrawAwardLogEndpoint,
  [fairSeedInfoEndpoint.path]: fairSeedInfoEndpoint,
  [fairSeedRotateEndpoint.path]: fairSeedRotateEndpoint,
  [fairSeedHistoryEndpoint.path]: fairSeedHistoryEndpoint,
} as const satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
export type EndpointPath = keyof Endpoints;
export const endpointList: readonly Endpoint[] = Object.values(endpoints);
