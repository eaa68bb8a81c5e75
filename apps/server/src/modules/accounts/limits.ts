import { AppError, ErrorCode, LoginType, type AppConfigFields, type LengthRange } from '@playhall/contract';

/** Enforces a configured length bound with a 400 naming the field and the bound. */
export function checkLength(field: string, label: string, value: string, range: LengthRange): void {
  const n = [...value].length;
  if (n < range.min || n > range.max) {
    const bound = range.min === range.max ? `${range.min}` : `${range.min} to ${range.max}`;
    const msg = `${label} must be ${bound} characters`;
    throw new AppError(ErrorCode.badRequest, msg, { fields: { [field]: msg } });
  }
}

export function requireField(field: string, label: string): never {
  const msg = `${label} is required`;
  throw new AppError(ErrorCode.badRequest, msg, { fields: { [field]: msg } });
}

export const canRegisterWithAccount = (c: AppConfigFields) => c.registerType.includes(LoginType.account);
export const canRegisterWithPhone = (c: AppConfigFields) =>
  c.registerType.includes(LoginType.phone) || c.registerType.includes(LoginType.phoneNoOtp);
