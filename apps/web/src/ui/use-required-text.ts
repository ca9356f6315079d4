import { useRef, useState, type ChangeEvent } from 'react';

/**
 * A required text field's state (a reason, a note, details): spread `field` on a TextAreaField;
 * `take()` answers the trimmed text, or shows `requiredMessage` under the field, focuses it and
 * answers null; `reset()` empties it for the next opening of its dialog.
 */
export function useRequiredText(requiredMessage: string) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();

  const take = (): string | null => {
    const text = value.trim();
    if (text) return text;
    setError(requiredMessage);
    ref.current?.focus();
    return null;
  };
  const reset = () => {
    setValue('');
    setError(undefined);
  };
  const field = {
    ref,
    value,
    error,
    required: true,
    onChange: (event: ChangeEvent<HTMLTextAreaElement>) => {
      setValue(event.target.value);
      setError(undefined);
    },
  };
  return { field, take, reset };
}
