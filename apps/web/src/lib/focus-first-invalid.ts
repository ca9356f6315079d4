/**
 * Focuses the first control of the form, in the order the form shows them, whose name has an error
 * (react-hook-form's `handleSubmit(onValid, focusFirstInvalid)`, with `shouldFocusError: false`).
 * react-hook-form's own focus follows the order fields were registered in, which is not the
 * form's order when a field is registered before the others render (a file input with its own
 * change handler, say).
 */
export function focusFirstInvalid(errors: object, submit?: { target: unknown }): void {
  const form = submit?.target;
  if (!(form instanceof HTMLFormElement)) return;
  const invalid = new Set(Object.keys(errors));
  for (const control of Array.from(form.elements)) {
    if (control instanceof HTMLElement && invalid.has(control.getAttribute('name') ?? '')) {
      control.focus();
      return;
    }
  }
}
