/**
 * The one place where speech-rule-engine's American maths words become British ones. The engine
 * has no en-GB rules (its English locale is American: ClearSpeak says 'three fourths'), and a
 * British teacher says 'three quarters'. Only fractions change: 'fourths' is only ever a plural
 * denominator, and a singular 'fourth' is a denominator after 'one' ('one fourth', 'x raised to
 * the one fourth power'); 'the fourth root' and 'x to the fourth power' stay as they are. Halves
 * ('one half', 'three halves') are already said the British way.
 */
export function britishMathsSpeech(speech: string): string {
  return speech.replace(/\bfourths\b/g, 'quarters').replace(/\bone fourth\b/g, 'one quarter');
}
