/**
 * Sets a textarea's value and selection as typing would: through the native setter and an input
 * event, so react-hook-form's onChange (and anything else listening) sees the change.
 */
export function setTextareaValue(element: HTMLTextAreaElement, value: string, start: number, end = start) {
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!.call(element, value);
  element.dispatchEvent(new Event("input", { bubbles: true }));
  element.setSelectionRange(start, end);
}
