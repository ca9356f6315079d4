import { useId, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { SavedSearch } from '@second-gear/contract';
import { alertFrequencies, savedSearchLimits, type AlertFrequency } from '@second-gear/contract/constants';
import { errorMessage } from '../../lib/errors.ts';
import { fieldRefusals } from '../../lib/field-refusals.ts';
import { FormDialogActions } from '../../ui/form-dialog-actions.tsx';
import { SelectField, TextField } from '../../ui/form-field.tsx';
import { Modal } from '../../ui/modal.tsx';

export interface SavedSearchFields {
  name: string;
  frequency: AlertFrequency;
}

export interface SavedSearchDialogProps {
  title: string;
  /** What the form starts with (an edit: the search's own). */
  initial: SavedSearchFields;
  /** Saves the fields (a new saved search, or an edit of one). */
  save: (fields: SavedSearchFields) => Promise<SavedSearch>;
  onSaved: (saved: SavedSearch) => void;
  /** Cancel, Escape or a click outside the box. */
  onClose: () => void;
}

const isFrequency = (value: string): value is AlertFrequency => (alertFrequencies as readonly string[]).includes(value);

/** A saved search's Name and How often, in the app's modal: saving a search, or editing one. Shown while mounted. */
export function SavedSearchDialog({ title, initial, save, onSaved, onClose }: SavedSearchDialogProps) {
  const titleId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(initial.name);
  const [frequency, setFrequency] = useState<AlertFrequency>(initial.frequency);
  const [nameError, setNameError] = useState<string | undefined>(undefined);

  const saving = useMutation({
    mutationFn: save,
    onSuccess: onSaved,
    onError: (error) => {
      // The server's sentence about the name goes under Name; any other refusal is the toast.
      const aboutName = fieldRefusals(error).name;
      if (aboutName) setNameError(aboutName);
      else toast.error(errorMessage(error));
    },
  });
  const busy = saving.isPending;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (name.trim() === '') {
      setNameError('Name is required.');
      return;
    }
    saving.mutate({ name: name.trim(), frequency });
  };

  return (
    <Modal open onClose={onClose} labelledBy={titleId} busy={busy} closeOnOutsideClick={false} initialFocus={nameRef}>
      <h2 id={titleId} className="text-lg font-bold">
        {title}
      </h2>
      <p className="mt-1 text-sm text-base-content/70">We tell you of new cars matching this search, each car once.</p>
      <form className="mt-4 flex flex-col gap-4" onSubmit={onSubmit} noValidate>
        <TextField
          ref={nameRef}
          label="Name"
          name="name"
          value={name}
          maxLength={savedSearchLimits.name}
          required
          error={nameError}
          onChange={(event) => {
            setName(event.target.value);
            setNameError(undefined);
          }}
        />
        <SelectField label="How often" name="frequency" value={frequency} onChange={(event) => isFrequency(event.target.value) && setFrequency(event.target.value)}>
          {alertFrequencies.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </SelectField>
        <FormDialogActions submitLabel="Save" busy={busy} onCancel={onClose} />
      </form>
    </Modal>
  );
}
