import { useId, type FormEvent, type ReactNode, type RefObject } from 'react';
import { FormDialogActions } from './form-dialog-actions.tsx';
import { Modal } from './modal.tsx';

export interface FormDialogProps {
  open: boolean;
  title: string;
  /** What the form is about (the car, the person), so it is clear which record it changes. */
  about: ReactNode;
  submitLabel: string;
  /** The safe choice's text, when "Cancel" would read as the action itself. */
  dismissLabel?: string;
  /** The submit button's look: red for what cannot be undone. */
  submitClass?: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: () => void;
  /** Where focus starts: the first field. */
  initialFocus: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/** A short form in the app's modal: its title, what it is about, the fields, its button, and Cancel. */
export function FormDialog({ open, title, about, submitLabel, dismissLabel, submitClass, busy, onClose, onSubmit, initialFocus, children }: FormDialogProps) {
  const titleId = useId();
  const aboutId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <Modal open={open} onClose={onClose} labelledBy={titleId} describedBy={aboutId} busy={busy} initialFocus={initialFocus}>
      <h2 id={titleId} className="text-lg font-bold">
        {title}
      </h2>
      <p id={aboutId} className="pt-2 text-base-content/80">
        {about}
      </p>
      <form className="mt-4 flex flex-col gap-4" onSubmit={submit} noValidate>
        {children}
        <FormDialogActions submitLabel={submitLabel} busy={busy} onCancel={onClose} {...(dismissLabel ? { dismissLabel } : {})} {...(submitClass ? { submitClass } : {})} />
      </form>
    </Modal>
  );
}
