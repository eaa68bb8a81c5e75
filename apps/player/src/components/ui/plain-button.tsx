import type { ButtonHTMLAttributes, ReactNode } from 'react';

/**
 * The few antd-mobile buttons of the first screen (top bar, home hero, install offer, error pages)
 * as a plain `<button>` with exactly the element and classes antd's Button renders, so antd's
 * stylesheet (in the entry's, app/antd-styles.ts) draws it the same; antd's script, its loading
 * dots and helpers stay off the first screen (issue 15 §1, decision 033). No loading state: where
 * a button waits on something, use antd's Button.
 */
export interface PlainButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color'> {
  color?: 'default' | 'primary' | 'success' | 'warning' | 'danger';
  fill?: 'solid' | 'outline' | 'none';
  size?: 'mini' | 'small' | 'middle' | 'large';
  shape?: 'default' | 'rounded' | 'rectangular';
  block?: boolean;
  children?: ReactNode;
  'data-testid'?: string;
}

export function PlainButton({ color = 'default', fill = 'solid', size = 'middle', shape = 'default', block, className, type = 'button', children, ...rest }: PlainButtonProps) {
  const classes = ['adm-button', `adm-button-${color}`];
  if (block) classes.push('adm-button-block');
  if (rest.disabled) classes.push('adm-button-disabled');
  if (fill !== 'solid') classes.push(`adm-button-fill-${fill}`);
  if (size !== 'middle') classes.push(`adm-button-${size}`);
  classes.push(`adm-button-shape-${shape}`);
  if (className) classes.push(className);
  return (
    <button {...rest} type={type} className={classes.join(' ')}>
      <span>{children}</span>
    </button>
  );
}
