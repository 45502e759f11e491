// speech-rule-engine's browser bundle (lib/sre.js) ships no types; math-speech.ts says what it uses.
declare module 'speech-rule-engine/lib/sre.js';
