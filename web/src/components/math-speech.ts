/**
 * Text with maths as a British teacher would say it ('three quarters', 'x squared'): the `$…$`
 * LaTeX (and typed answers such as options) go through KaTeX's MathML and speech-rule-engine (the
 * engine MathJax uses), with its ClearSpeak rules, then `britishMathsSpeech`. Loaded only when a
 * Read aloud button is first used: the engine and its English rules come in their own chunks, not
 * with any page's script.
 */
import katex from 'katex';
import { britishMathsSpeech } from './british-maths-speech.ts';
import { looksLikeMath, splitMath } from './math-text.tsx';
import { typedMathToLatex } from './typed-math.ts';

type Sre = {
  setupEngine(options: Record<string, unknown>): Promise<void>;
  engineReady(): Promise<void>;
  toSpeech(mathml: string): string;
};

let engine: Promise<Sre> | null = null;

/** speech-rule-engine, set up once, its locale files served by us (never fetched from elsewhere). */
function speechEngine(): Promise<Sre> {
  engine ??= (async () => {
    const [english, base] = await Promise.all([
      import('speech-rule-engine/lib/mathmaps/en.json?url'),
      import('speech-rule-engine/lib/mathmaps/base.json?url'),
    ]);
    const files: Record<string, string> = { en: english.default, base: base.default };
    const settings = {
      locale: 'en',
      domain: 'clearspeak',
      modality: 'speech',
      custom: async (locale: string) => {
        const url = files[locale];
        if (!url) throw new Error(`No speech rules for ${locale}`);
        return (await fetch(url)).text();
      },
    };
    // The engine sets itself up as it loads, from this global: with our loader from the start, so
    // it never reaches for its default CDN (which the CSP would refuse anyway).
    (globalThis as { SREfeature?: unknown }).SREfeature = settings;
    const module = await import('speech-rule-engine/lib/sre.js');
    const sre = ((module as { default?: Sre }).default ?? module) as Sre;
    await sre.setupEngine(settings);
    await sre.engineReady();
    return sre;
  })();
  engine.catch(() => (engine = null));
  return engine;
}

function mathmlOf(tex: string): string {
  const html = katex.renderToString(tex, { output: 'mathml', throwOnError: false, trust: false, strict: 'ignore' });
  const start = html.indexOf('<math');
  const end = html.lastIndexOf('</math>');
  return start >= 0 && end > start ? html.slice(start, end + '</math>'.length) : '';
}

function speakTex(sre: Sre, tex: string): string {
  const mathml = mathmlOf(tex);
  return britishMathsSpeech((mathml ? sre.toSpeech(mathml) : '').trim()) || tex;
}

/** A question (text with `$…$` maths) as spoken words. */
export async function spokenText(text: string): Promise<string> {
  const sre = await speechEngine();
  return splitMath(text)
    .map((segment) => (segment.kind === 'text' ? segment.value : ` ${speakTex(sre, segment.value)} `))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Money and degrees ('£3.45', '45°', '-5 °C') go to the voice as written: it says them as a teacher
 * would ('three pounds forty-five', '45 degrees'), where the engine says 'pound sign 3.45'.
 */
const SAID_AS_WRITTEN = /^-?(?:£\d[\d,]*(?:\.\d+)?|\d[\d,]*(?:\.\d+)?\s*°C?)$/;

/** A typed answer or option ('3/4', 'x^2 + 1', '12 cm') as spoken words. */
export async function spokenTyped(value: string): Promise<string> {
  if (value.includes('$')) return spokenText(value);
  if (!looksLikeMath(value) || SAID_AS_WRITTEN.test(value.trim())) return value;
  const sre = await speechEngine();
  return speakTex(sre, typedMathToLatex(value));
}
