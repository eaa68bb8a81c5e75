/**
 * Wallet rules both sides apply: the client to answer before a call, the server to decide.
 * Written once here so the two cannot drift.
 */

/**
 * The channel minimum of a deposit (spec §5): minAmount, or minAmount2 once the player has a
 * credited deposit and the operator turned minRechargeStatus on. Generic so the server applies it
 * to its bigint columns and the client to the numbers of tradeInfo.
 */
export function channelMinimum<T extends number | bigint>(channel: { minAmount: T; minAmount2: T }, useMinAmount2: boolean): T {
  return useMinAmount2 ? channel.minAmount2 : channel.minAmount;
}

/** A receiving-account number as shown: all but the last 4 characters hidden; short numbers keep at most half visible. */
export function maskAccountNo(no: string): string {
  const clean = compactAccountNo(no);
  const visible = Math.min(4, Math.floor(clean.length / 2));
  return `•••• ${clean.slice(clean.length - visible)}`;
}

/** Holder name: letters of any script, spaces and . ' - ; starts with a letter. */
export const HOLDER_NAME_PATTERN = /^\p{L}[\p{L}\p{M} .'-]*$/u;
export const HolderNameLength = { min: 2, max: 60 } as const;

/** Account numbers and PIX keys (CPF, phone, e-mail, random key): letters, digits and @ . _ + - */
export const ACCOUNT_NO_PATTERN = /^[A-Za-z0-9@._+-]+$/;

/** A holder name as it is checked and kept: trimmed, inner runs of spaces made one. */
export function tidyHolderName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

/** An account number as it is checked and kept: without spaces. */
export function compactAccountNo(no: string): string {
  return no.replace(/\s+/g, '');
}
