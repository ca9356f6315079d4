import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { messageLimits } from '@second-gear/contract/constants';
import { Spinner } from '../../ui/spinner.tsx';

export interface ComposerProps {
  /** Sends the text; resolves once sent (the box empties), rejects to keep it. */
  onSend: (text: string) => Promise<unknown>;
  busy: boolean;
  /** Rows of the box (the Message Seller dialog's is taller). */
  rows?: number;
  autoFocus?: boolean;
}

const count = new Intl.NumberFormat('en-US');

/**
 * The `Message` box and its `Send` button: Enter sends, Shift+Enter starts a new line; a counter
 * says how much of the 2,000 characters is used.
 */
export function Composer({ onSend, busy, rows = 2, autoFocus = false }: ComposerProps) {
  const id = useId();
  const counterId = useId();
  const [text, setText] = useState('');
  const empty = text.trim().length === 0;

  const send = () => {
    if (busy || empty) return;
    onSend(text.trim()).then(
      () => setText(''),
      () => {},
    );
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        Message
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id={id}
          name="message"
          className="textarea min-h-11 w-full flex-1 resize-y"
          rows={rows}
          maxLength={messageLimits.text}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          aria-describedby={counterId}
          // The Message Seller dialog opens for writing.
          autoFocus={autoFocus}
        />
        <button type="submit" className="btn btn-primary h-11 min-h-11" disabled={busy || empty} aria-busy={busy || undefined}>
          {busy ? <Spinner size="loading-xs" label="" /> : null}
          Send
        </button>
      </div>
      <p id={counterId} className="text-xs text-base-content/70">
        {count.format(text.length)} / {count.format(messageLimits.text)} characters · Enter sends, Shift+Enter starts a new line
      </p>
    </form>
  );
}
