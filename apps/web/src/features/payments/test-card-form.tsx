import { useLayoutEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { TextField } from '../../ui/form-field.tsx';
import { confirmTestCard } from './api.ts';
import {
  caretAfterDigits,
  cardDigits,
  cardNumberError,
  cvcDigits,
  cvcError,
  expiryError,
  formatCardNumber,
  formatExpiry,
  parseExpiry,
} from './card.ts';
import { PayButton } from './pay-button.tsx';
import type { CardFormProps } from './types.ts';

type Field = 'number' | 'expiry' | 'cvc';

/**
 * The test-mode card form (publishable key null): no Stripe.js, the card goes to the server's
 * test processor with the client secret. Card numbers behave as Stripe's test cards.
 */
export function TestCardForm({ clientSecret, billing, processing, enabled, onPay }: CardFormProps) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [touched, setTouched] = useState<Record<Field, boolean>>({ number: false, expiry: false, cvc: false });
  const numberRef = useRef<HTMLInputElement>(null);
  const expiryRef = useRef<HTMLInputElement>(null);
  const cvcRef = useRef<HTMLInputElement>(null);
  // Where the caret goes after the number is reformatted (spaces added or removed before it).
  const pendingCaret = useRef<number | null>(null);

  useLayoutEffect(() => {
    const input = numberRef.current;
    const caret = pendingCaret.current;
    pendingCaret.current = null;
    if (input && caret !== null && document.activeElement === input) input.setSelectionRange(caret, caret);
  }, [number]);

  const digits = cardDigits(number);
  const errors: Record<Field, string | undefined> = {
    number: cardNumberError(digits),
    expiry: expiryError(expiry),
    cvc: cvcError(cvc),
  };
  const shown = (field: Field) => (touched[field] ? errors[field] : undefined);
  const touch = (field: Field) => setTouched((current) => (current[field] ? current : { ...current, [field]: true }));

  const onNumberChange = (event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.target.value;
    const caret = event.target.selectionStart ?? raw.length;
    const formatted = formatCardNumber(cardDigits(raw));
    pendingCaret.current = caretAfterDigits(formatted, cardDigits(raw.slice(0, caret)).length);
    setNumber(formatted);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!clientSecret || processing || !enabled) return;
    setTouched({ number: true, expiry: true, cvc: true });
    const firstInvalid = errors.number ? numberRef : errors.expiry ? expiryRef : errors.cvc ? cvcRef : null;
    const parsed = parseExpiry(expiry);
    if (firstInvalid || !parsed) {
      firstInvalid?.current?.focus();
      return;
    }
    onPay(() =>
      confirmTestCard({
        clientSecret,
        card: { number: digits, expMonth: parsed.month, expYear: parsed.year, cvc },
        billingDetails: { name: billing.name, email: billing.email },
      }),
    );
  };

  const locked = processing || !enabled;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Card details" className="flex flex-col gap-4">
      <TextField
        ref={numberRef}
        label="Card number"
        name="cardnumber"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        hint="Test mode: 4242 4242 4242 4242 with any future date and any CVC"
        value={number}
        onChange={onNumberChange}
        onBlur={() => touch('number')}
        error={shown('number')}
        readOnly={locked}
        spellCheck={false}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          ref={expiryRef}
          label="Expiration date"
          name="exp-date"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          value={expiry}
          onChange={(event) => setExpiry(formatExpiry(event.target.value))}
          onBlur={() => touch('expiry')}
          error={shown('expiry')}
          hint="MM / YY"
          readOnly={locked}
        />
        <TextField
          ref={cvcRef}
          label="CVC"
          name="cvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="CVC"
          maxLength={4}
          value={cvc}
          onChange={(event) => setCvc(cvcDigits(event.target.value))}
          onBlur={() => touch('cvc')}
          error={shown('cvc')}
          hint="3 or 4 digits"
          readOnly={locked}
        />
      </div>
      <PayButton disabled={!clientSecret || locked} processing={processing} />
    </form>
  );
}
