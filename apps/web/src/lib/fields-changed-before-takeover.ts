/**
 * A page the server drew shows its fields before the app's code has come: a person can type into
 * them or choose an option. React takes the page over as it stands, keeping what the fields show,
 * but its components still hold the values they were drawn with: a typed field's next render wipes
 * what was typed, a chosen option goes back to the drawn one, and no handler has heard of either.
 *
 * Called once the app has taken the page over (main.tsx), this tells the app of each such change as
 * the person made it: the events React listens for, on each field that shows something other than
 * it was drawn with (what React then set as its default).
 */
export function handOverFieldsChangedBeforeTakeover(page: ParentNode): void {
  for (const field of page.querySelectorAll('input, textarea, select')) {
    if (field instanceof HTMLSelectElement) handOverChoice(field);
    else if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) handOverTick(field);
    else if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) handOverText(field);
  }
}

function handOverText(field: HTMLInputElement | HTMLTextAreaElement): void {
  if (field.type === 'file' || field.type === 'hidden' || field.value === field.defaultValue) return;
  const typed = field.value;
  // React hears a change only when the value differs from the one it last saw set on the element,
  // and it saw the typed one when it took the page over. Set through the element, the drawn value
  // is what it last saw; set through the prototype (which React does not watch), the typed one is
  // shown again, and the input event then carries it as a change.
  field.value = field.defaultValue;
  const prototype = field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

function handOverChoice(field: HTMLSelectElement): void {
  if (field.multiple || choiceBeingMade?.field === field) return;
  // With no option drawn as selected, a browser shows the first that can be chosen.
  const options = [...field.options];
  const drawn = options.find((option) => option.defaultSelected) ?? options.find((option) => !option.disabled);
  if (!drawn || drawn.selected) return;
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

function handOverTick(field: HTMLInputElement): void {
  // Of a group of radios, the one chosen carries the change; the one it unticked follows from it.
  if (field.checked === field.defaultChecked || (field.type === 'radio' && !field.checked)) return;
  const ticked = field.checked;
  // As for text: set through the element, the drawn state is what React last saw; the click then
  // ticks (or unticks) the box as the person did, and React hears it as a change.
  field.checked = !ticked;
  field.click();
}

/**
 * The choice being made in this very moment: a select whose input event has come and whose change
 * event, which a browser sends right after it, has not. Kept from before the app takes a drawn page
 * over (keepChoicesThroughTheirChange).
 */
let choiceBeingMade: { field: HTMLSelectElement; option: string } | undefined;

/**
 * A choice's change event carries the option chosen, and tells the app of it once.
 *
 * While the app takes a drawn page over, a select's input event has React finish the takeover at
 * once, inside that event: the hand-over then leaves that select to its own change event (told
 * twice, the app would set the field back to its drawn option until the address changed, and the
 * change event would carry that). And React may draw the page again between the two events (the
 * work the takeover left, done as the input event ends), setting a select whose option comes from
 * the address back to the drawn one: the option the input event saw is put back for its change.
 * Called before the app takes a drawn page over.
 */
export function keepChoicesThroughTheirChange(): void {
  const seen = (event: Event) => {
    choiceBeingMade = event.target instanceof HTMLSelectElement && !event.target.multiple ? { field: event.target, option: event.target.value } : undefined;
  };
  const carried = (event: Event) => {
    if (choiceBeingMade?.field === event.target && choiceBeingMade.field.value !== choiceBeingMade.option) choiceBeingMade.field.value = choiceBeingMade.option;
    choiceBeingMade = undefined;
  };
  window.addEventListener('input', seen, true);
  window.addEventListener('change', carried, true);
}
