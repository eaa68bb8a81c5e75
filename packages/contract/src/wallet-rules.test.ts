import { describe, expect, it } from 'vitest';
import { channelMinimum, compactAccountNo, HOLDER_NAME_PATTERN, maskAccountNo, tidyHolderName } from './wallet-rules.ts';

describe('wallet rules shared by client and server', () => {
  it('masks all but the last 4 characters of an account number', () => {
    expect(maskAccountNo('12345678901')).toBe('•••• 8901');
    expect(maskAccountNo('ana@example.com')).toBe('•••• .com');
    expect(maskAccountNo('1234 5678')).toBe('•••• 5678');
    // Short numbers keep at most half visible.
    expect(maskAccountNo('123456')).toBe('•••• 456');
    expect(maskAccountNo('1234')).toBe('•••• 34');
  });

  it('takes minAmount2 as the channel minimum only when it applies, for numbers and bigints alike', () => {
    expect(channelMinimum({ minAmount: 1000, minAmount2: 10000 }, false)).toBe(1000);
    expect(channelMinimum({ minAmount: 1000, minAmount2: 10000 }, true)).toBe(10000);
    expect(channelMinimum({ minAmount: 1000n, minAmount2: 10000n }, true)).toBe(10000n);
  });

  it('accepts holder names of letters in any script with spaces and . \' -, starting with a letter', () => {
    for (const name of ['Ana Souza', "João D'Ávila", 'Nguyễn Văn A', 'สมชาย ใจดี', 'Mary-Jane O. Smith']) {
      expect(HOLDER_NAME_PATTERN.test(tidyHolderName(name)), name).toBe(true);
    }
    for (const name of ['-Ana', 'Ana 2', 'Ana_Souza', 'Ana@x']) expect(HOLDER_NAME_PATTERN.test(name), name).toBe(false);
    expect(tidyHolderName('  Ana   Souza ')).toBe('Ana Souza');
    expect(compactAccountNo(' 1234 5678 ')).toBe('12345678');
  });
});
