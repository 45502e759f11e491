/**
 * Text a person typed that others will read (a question set's title): it must say something
 * visible, and carry no control characters or text-direction overrides, which make a title read
 * differently from what it holds (a right-to-left override turns 'txt.exe' into 'exe.txt').
 */

/** C0 and C1 controls, DEL, and the bidirectional embeddings, overrides and isolates (U+202A–E, U+2066–9). */
const HIDDEN_CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;
/** Spaces, separators and format characters (zero-width space and joiners, marks, BOM): nothing to see. */
const INVISIBLE = /[\p{Z}\p{Cf}\s]/gu;

export const PLAIN_TEXT_MESSAGES = {
  controls: 'Titles cannot contain control characters or text-direction overrides.',
} as const;

/** True when the text has a control character or a direction override. */
export function hasHiddenControls(text: string): boolean {
  return HIDDEN_CONTROL.test(text);
}

/** True when there is at least one character a reader can see. */
export function hasVisibleText(text: string): boolean {
  return text.replace(INVISIBLE, '').length > 0;
}
