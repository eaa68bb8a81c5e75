import { z } from 'zod';
import { text } from '../fields.ts';
import { defineEndpoint, emptyResponse } from '../envelope.ts';
import { AuthMode, LoginType } from '../constants.ts';
import { sessionResult, userInfo } from '../models.ts';

/**
 * Field shapes. These are absolute bounds; the configured lengths (app config) are enforced on
 * top of them by the server and shown by the client.
 */
/**
 * A phone number as typed (`+55 11 98765-4321`, `(11) 98765-4321`): the server reads it with the
 * contract's phone rule (`parsePhoneInput`, with the configured `countryCode` for a national
 * number) and refuses what is not a phone with `phoneInvalid` and the rule's reason.
 */
export const mobileField = text(32).trim().min(1, 'Enter your phone number');
export const accountField = text(64).trim().regex(/^[A-Za-z0-9_]{1,64}$/, 'Use letters, digits and _ only');
export const passwordField = text(128).min(1);
export const smsCodeField = text(16).trim().regex(/^[0-9]{4,8}$/, 'Enter the code from the SMS');
export const inviteCodeField = text(32).trim().optional();
export const deviceIdField = text(128).optional();

export const smsSendEndpoint = defineEndpoint({
  path: 'smsSend',
  summary: 'Send an SMS code for register (0), bind (1), forget (2) or loginAndRegister (3)',
  request: {
    mobile: mobileField,
    type: z.union([
      z.literal(AuthMode.register),
      z.literal(AuthMode.bind),
      z.literal(AuthMode.forget),
      z.literal(AuthMode.loginAndRegister),
    ]),
  },
  response: z.object({ resendAfterSeconds: z.number().int(), expiresInSeconds: z.number().int() }),
});

export const accountRegistEndpoint = defineEndpoint({
  path: 'accountRegist',
  summary: 'Register with an account name and password',
  request: { account: accountField, password: passwordField, inviteCode: inviteCodeField, deviceId: deviceIdField },
  response: sessionResult,
});

export const accountRegist4Endpoint = defineEndpoint({
  path: 'accountRegist4',
  summary: 'Register with a phone number, SMS code (when otpStatus is on) and password',
  request: {
    mobile: mobileField,
    code: smsCodeField.optional(),
    password: passwordField,
    inviteCode: inviteCodeField,
    deviceId: deviceIdField,
  },
  response: sessionResult,
});

export const accountLoginEndpoint = defineEndpoint({
  path: 'accountLogin',
  summary: 'Log in with account + password (type 2) or phone + password (type 3)',
  request: {
    account: text(64).trim().min(1),
    password: passwordField,
    loginType: z.union([z.literal(LoginType.account), z.literal(LoginType.phoneNoOtp)]).optional(),
    deviceId: deviceIdField,
  },
  response: sessionResult,
});

export const accountLoginSmsEndpoint = defineEndpoint({
  path: 'accountLoginSms',
  summary: 'Log in with phone + SMS code; with type 3 (loginAndRegister) a new phone gets an account',
  request: {
    mobile: mobileField,
    code: smsCodeField,
    type: z.union([z.literal(AuthMode.register), z.literal(AuthMode.loginAndRegister)]).optional(),
    inviteCode: inviteCodeField,
    deviceId: deviceIdField,
  },
  response: sessionResult,
});

export const forgetPasswordEndpoint = defineEndpoint({
  path: 'forgetPassword',
  summary: 'Reset the password with an SMS code; every session of the account is revoked',
  request: { mobile: mobileField, code: smsCodeField, password: passwordField },
  response: emptyResponse,
});

export const initPasswordEndpoint = defineEndpoint({
  path: 'initPassword',
  summary: 'Set a first password, or change it with the current one; other sessions are revoked',
  request: { password: passwordField, oldPassword: passwordField.optional() },
  response: emptyResponse,
});

export const bindAccountEndpoint = defineEndpoint({
  path: 'bindAccount',
  summary: 'Bind a phone number to the logged-in account with an SMS code',
  request: { mobile: mobileField, code: smsCodeField },
  response: z.object({ user: userInfo }),
});

export const updateProfileEndpoint = defineEndpoint({
  path: 'updateProfile',
  summary: 'Change nickname and/or avatar',
  request: { nickname: text(64).trim().min(1).optional(), avatar: z.number().int().min(0).max(99).optional() },
  response: z.object({ user: userInfo }),
});

export const logoutEndpoint = defineEndpoint({
  path: 'logout',
  summary: 'Revoke the current session token',
  request: {},
  response: emptyResponse,
});
