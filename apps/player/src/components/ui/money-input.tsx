import { Input } from 'antd-mobile';
import { useTranslation } from '../../lib/i18n.ts';
import { parseMoneyInput, type MoneyInputResult, type MoneyInputRules } from '@playhall/contract';
import { moneyProblemText } from '../../lib/money-input.ts';

interface MoneyInputProps {
  id: string;
  /** Optional so an antd Form.Item can supply value and onChange. */
  value?: string;
  onChange?: (text: string) => void;
  rules?: MoneyInputRules;
  placeholder?: string;
  /** Shown under the field while the rule has nothing to say. */
  hint?: string;
  /** A later check's message (limits, the server's answer), shown when the rule has nothing to say. */
  error?: string | null;
  /** Show the rule's refusal of an empty field (after a submit); other refusals show as soon as typed. */
  showEmpty?: boolean;
  className?: string;
  /**
   * False inside an antd Form.Item, whose validator says the same rule's message in the form's own
   * error line (one message, not two).
   */
  inline?: boolean;
}

/** What a money field's text means under the one rule (decision 025). */
export function readMoney(value: string, rules?: MoneyInputRules): MoneyInputResult {
  return parseMoneyInput(value, rules);
}

/**
 * The one money field (decision 025): keeps exactly what the player typed, and says under it why the
 * text is refused; the form sends only an amount the rule accepted.
 */
export function MoneyInput({ id, value = '', onChange, rules, placeholder, hint, error, showEmpty, className, inline = true }: MoneyInputProps) {
  const { t, i18n } = useTranslation();
  const result = readMoney(value, rules);
  const ruleMessage = !result.ok && (result.reason !== 'empty' || showEmpty) ? moneyProblemText(t, result, i18n.language) : null;
  const message = ruleMessage ?? error ?? null;
  const messageId = `${id}-message`;
  if (!inline) {
    return <Input id={id} name={id} inputMode="decimal" autoComplete="off" value={value} onChange={onChange} placeholder={placeholder} className={className} />;
  }
  return (
    <>
      <Input id={id} name={id} inputMode="decimal" autoComplete="off" value={value} onChange={onChange} placeholder={placeholder}
        className={className} aria-invalid={Boolean(message)} aria-describedby={messageId} />
      <p id={messageId} className={message ? 'field-error' : 'form-hint'} role={message ? 'alert' : undefined} data-testid={`${id}-message`}>
        {message ?? hint}
      </p>
    </>
  );
}
