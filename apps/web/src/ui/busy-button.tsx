import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './spinner.tsx';

export interface BusyButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** While its action runs: disabled, with a spinner before the text (the text stays its name). */
  busy: boolean;
}

/** A button whose action takes a moment: a form's submit, a dialog's action, a request. */
export function BusyButton({ busy, disabled, type = 'button', children, ...button }: BusyButtonProps) {
  return (
    <button type={type} disabled={busy || disabled} {...button}>
      {busy ? <Spinner size="loading-sm" label="" /> : null}
      {children}
    </button>
  );
}
