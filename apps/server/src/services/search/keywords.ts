import { foldText } from '../../text/normalize.ts';

/**
 * A keyword in the form the index stores names in: folded like text_fold (case, full-width
 * ＬＯＶＥ → love, runs of spaces), without control characters (the index marks name boundaries
 * with them) and without Latin accents, as the tokenizer's remove_diacritics drops them.
 */
export function searchKeyword(raw: string): string {
  // eslint-disable-next-line no-control-regex
  const folded = foldText(raw.replace(/[\u0000-\u001f\u007f]/g, ' '));
  return folded
    .normalize('NFD')
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .normalize('NFC');
}
