import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { i18n, i18nReady } from '../../lib/i18n.ts';
import { MoneyInput } from './money-input.tsx';

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en-US');
});

function Field(props: { error?: string | null; wholeCoins?: boolean }) {
  const [value, setValue] = useState('');
  return <MoneyInput id="amount" value={value} onChange={setValue} rules={{ wholeCoins: props.wholeCoins ?? true, min: 1000, max: 50_000 }}
    hint="From 10 to 500" error={props.error} />;
}

const field = () => document.querySelector<HTMLInputElement>('input#amount')!;
const type = (v: string) => fireEvent.change(field(), { target: { value: v } });
const message = () => screen.getByTestId('amount-message');

describe('MoneyInput', () => {
  it('keeps every character typed and asks the phone for a decimal keypad', () => {
    render(<Field />);
    expect(field().getAttribute('inputmode')).toBe('decimal');
    for (const text of ['10.5', '1e5', '1,000', '-5', ' 12abc']) {
      type(text);
      expect(field().value).toBe(text);
    }
  });

  it('shows the hint while empty or valid, and the rule\'s refusal as an alert otherwise', () => {
    render(<Field />);
    expect(message().textContent).toBe('From 10 to 500');
    type('10.5');
    expect(message().textContent).toBe('Whole coins only: remove the decimals');
    expect(message().getAttribute('role')).toBe('alert');
    type('0');
    expect(message().textContent).toBe('The minimum is 10');
    type('501');
    expect(message().textContent).toBe('The maximum is 500');
    type('10.555');
    expect(message().textContent).toBe('Whole coins only: remove the decimals');
    type('25');
    expect(message().textContent).toBe('From 10 to 500');
    expect(message().getAttribute('role')).toBeNull();
  });

  it('states decimals where they are allowed, and a later check\'s error once the rule accepts', () => {
    render(<Field wholeCoins={false} error="Daily limit reached" />);
    type('10.555');
    expect(message().textContent).toBe('At most 2 decimals');
    type('10.5');
    expect(message().textContent).toBe('Daily limit reached');
  });

  it('speaks the player\'s language', async () => {
    await i18n.changeLanguage('pt-BR');
    render(<Field />);
    type('1,5');
    expect(message().textContent).toBe('Digite apenas algarismos, sem vírgulas nem espaços');
    type('0');
    expect(message().textContent).toBe('O mínimo é 10');
  });
});
