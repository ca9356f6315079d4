import { useState } from 'react';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { TextAreaField } from '../../ui/form-field.tsx';
import { useRequiredText } from '../../ui/use-required-text.ts';

export interface TextDialogProps {
  open: boolean;
  title: string;
  about: string;
  /** The field's label, and the submit button's text. */
  label: string;
  submitLabel: string;
  maxLength: number;
  busy: boolean;
  onClose: () => void;
  onSubmit: (text: string) => void;
}

/** A review's one-field dialogs: the subject's `Reply`, anyone's `Report` (a `Reason`), the admin's `Hide` (a `Note`). */
export function TextDialog({ open, title, about, label, submitLabel, maxLength, busy, onClose, onSubmit }: TextDialogProps) {
  const text = useRequiredText(`${label} is required`);
  const [wasOpen, setWasOpen] = useState(false);
  // Empty each time the dialog opens.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) text.reset();
  }
  const submit = () => {
    const words = text.take();
    if (words) onSubmit(words);
  };
  return (
    <FormDialog open={open} title={title} about={about} submitLabel={submitLabel} busy={busy} onClose={onClose} onSubmit={submit} initialFocus={text.field.ref}>
      <TextAreaField label={label} name={label.toLowerCase()} rows={4} maxLength={maxLength} {...text.field} />
    </FormDialog>
  );
}
