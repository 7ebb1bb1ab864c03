/**
 * Text folding for matching: NFKC turns full-width Latin (ＬＯＶＥ) and compatibility forms into
 * their plain forms, then case is folded. Used wherever a user's typing meets a name.
 */
export function foldText(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** True for characters of the CJK scripts (Han, kana, hangul), which have no spaces between words. */
export function isCjk(ch: string): boolean {
  return /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]/.test(ch);
}
