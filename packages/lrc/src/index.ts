/** LRC lyrics, one set of rules for the server (import, search) and the client (display). */
export { parseLrc, currentLineIndex, sungLines, type LyricLine } from './parse.ts';
export { normalizeLrc } from './normalize.ts';
export { parseYrc, wordProgress, withTranslations, type WordLine, type LyricWord } from './yrc.ts';
