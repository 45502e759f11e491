import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { announce } from './announcer.tsx';

/**
 * 'Read aloud' for young readers (issue 15): speaks a problem's question and options with the
 * browser's speech synthesis, maths as a teacher would say it (math-speech.ts, loaded at the first
 * use). Shown by default for grades 1-4; anyone can turn it on or off in the profile (kept in this
 * browser). Alt+R reads too; speaking stops when the problem changes or the page goes.
 */

const PREFERENCE_KEY = 'readAloud';
const listeners = new Set<() => void>();

/** 'on' / 'off' as chosen in the profile, or null (not chosen: the grade decides). */
function storedPreference(): 'on' | 'off' | null {
  try {
    const value = localStorage.getItem(PREFERENCE_KEY);
    return value === 'on' || value === 'off' ? value : null;
  } catch {
    return null;
  }
}

export function setReadAloudPreference(on: boolean) {
  try {
    localStorage.setItem(PREFERENCE_KEY, on ? 'on' : 'off');
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether Read aloud is shown: the profile's choice, else on for grades 1-4. */
export function useReadAloudEnabled(gradeLevel: number | null | undefined): boolean {
  const preference = useSyncExternalStore(subscribe, storedPreference, () => null);
  if (preference) return preference === 'on';
  return gradeLevel !== null && gradeLevel !== undefined && gradeLevel <= 4;
}

const supported = () => typeof window !== 'undefined' && 'speechSynthesis' in window && typeof SpeechSynthesisUtterance !== 'undefined';

/** The words to say for a problem: its question, then each option with its letter. */
async function problemSpeech(question: string, options: readonly string[]): Promise<string> {
  const { spokenText, spokenTyped } = await import('./math-speech.ts');
  const parts = [await spokenText(question)];
  for (const [index, option] of options.entries()) parts.push(`Option ${String.fromCharCode(65 + index)}: ${await spokenTyped(option)}.`);
  return parts.join(' ');
}

export function ReadAloudButton({ question, options, problemKey }: { question: string; options: readonly string[]; problemKey: string }) {
  const [state, setState] = useState<'idle' | 'preparing' | 'speaking'>('idle');

  const stop = useCallback(() => {
    if (supported()) window.speechSynthesis.cancel();
    setState('idle');
  }, []);

  const read = useCallback(async () => {
    if (!supported()) {
      announce('Reading aloud is not available in this browser.', 'assertive');
      return;
    }
    window.speechSynthesis.cancel();
    setState('preparing');
    try {
      const utterance = new SpeechSynthesisUtterance(await problemSpeech(question, options));
      utterance.lang = 'en';
      utterance.rate = 0.9;
      utterance.onend = () => setState('idle');
      utterance.onerror = () => setState('idle');
      setState('speaking');
      window.speechSynthesis.speak(utterance);
    } catch {
      setState('idle');
      announce('The problem could not be read aloud. Please try again.', 'assertive');
    }
  }, [question, options]);

  // A new problem, or leaving the page, stops the voice.
  useEffect(() => stop, [problemKey, stop]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey && !event.ctrlKey && !event.metaKey && (event.key === 'r' || event.key === 'R' || event.code === 'KeyR')) {
        event.preventDefault();
        void read();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [read]);

  const speaking = state === 'speaking';
  return (
    <button
      type="button"
      className="button small read-aloud"
      onClick={() => (speaking ? stop() : void read())}
      aria-keyshortcuts="Alt+R"
      data-testid="read-aloud"
      disabled={state === 'preparing'}
    >
      <span aria-hidden="true">{speaking ? '⏹' : '🔊'} </span>
      {speaking ? 'Stop reading' : state === 'preparing' ? 'Getting ready...' : 'Read aloud'}
    </button>
  );
}
