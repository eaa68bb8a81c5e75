import { Input } from 'antd-mobile';

interface PinInputProps {
  value?: string;
  onChange?: (v: string) => void;
  name: string;
  length: number;
  placeholder?: string;
  autoComplete?: string;
}

/** A numeric safebox password: digits only, numeric keypad, never longer than the configured length. */
export function PinInput({ value, onChange, name, length, placeholder, autoComplete = 'off' }: PinInputProps) {
  return (
    <Input
      value={value}
      onChange={(v) => onChange?.(v.replace(/\D/g, '').slice(0, length))}
      type="password"
      inputMode="numeric"
      pattern="[0-9]*"
      maxLength={length}
      name={name}
      id={name}
      autoComplete={autoComplete}
      placeholder={placeholder}
      className="safebox-pin"
    />
  );
}
