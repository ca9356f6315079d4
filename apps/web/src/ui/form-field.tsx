import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

interface FieldFrameProps {
  id: string;
  label: string;
  error: string | undefined;
  hint?: string | undefined;
  children: ReactNode;
}

function FieldFrame({ id, label, error, hint, children }: FieldFrameProps) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-base-content">
        {label}
      </label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-base-content/60">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A disabled field here is a prefilled value the person cannot change (the booking modal's name, email,
 * car and price), still to be read: daisyUI fades its text to about 2.6:1, so it keeps the full text
 * colour (about 15:1) on a tinted background and border that tell it apart from the fields to fill in.
 */
const readableWhenDisabled = 'disabled:border-base-300 disabled:bg-base-200 disabled:text-base-content disabled:cursor-default';

/**
 * The attributes every field's control shares: its id (the one given, or a generated one), its daisyUI
 * class with the error look, and its link to the message below it. The classes are written out by each
 * field, so Tailwind finds them in the source.
 */
function useControl(id: string | undefined, base: string, errorClass: string, className: string | undefined, error: string | undefined, hint?: string) {
  const generated = useId();
  const controlId = id ?? generated;
  const describedBy = error ? `${controlId}-error` : hint ? `${controlId}-hint` : undefined;
  return {
    id: controlId,
    className: `${base} w-full ${readableWhenDisabled} ${error ? errorClass : ''} ${className ?? ''}`,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  };
}

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its validation message (works with react-hook-form's `register`). */
export function TextField({ label, error, hint, id, className, ref, ...input }: TextFieldProps) {
  const control = useControl(id, 'input', 'input-error', className, error, hint);
  return (
    <FieldFrame id={control.id} label={label} error={error} hint={hint}>
      <input ref={ref} {...control} {...input} />
    </FieldFrame>
  );
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string | undefined;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled select with its validation message. */
export function SelectField({ label, error, id, className, ref, children, ...select }: SelectFieldProps) {
  const control = useControl(id, 'select', 'select-error', className, error);
  return (
    <FieldFrame id={control.id} label={label} error={error}>
      <select ref={ref} {...control} {...select}>
        {children}
      </select>
    </FieldFrame>
  );
}

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled textarea with its validation message. */
export function TextAreaField({ label, error, hint, id, className, ref, ...textarea }: TextAreaFieldProps) {
  const control = useControl(id, 'textarea', 'textarea-error', className, error, hint);
  return (
    <FieldFrame id={control.id} label={label} error={error} hint={hint}>
      <textarea ref={ref} {...control} {...textarea} />
    </FieldFrame>
  );
}

export interface FileFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled file input with its validation message. */
export function FileField({ label, error, hint, id, className, ref, ...input }: FileFieldProps) {
  const control = useControl(id, 'file-input', 'file-input-error', className, error, hint);
  return (
    <FieldFrame id={control.id} label={label} error={error} hint={hint}>
      <input ref={ref} type="file" {...control} {...input} />
    </FieldFrame>
  );
}
