import { normalizeLrc } from '@cloudtune/lrc';
import type BetterSqlite3 from 'better-sqlite3';
import { lyricLines } from '../text/lyrics.ts';
import { foldText } from '../text/normalize.ts';
import { nameInitial, pinyinForms } from '../text/pinyin.ts';

/**
 * Deterministic SQL functions over names, registered on every connection before migrations,
 * so triggers and generated columns can derive search keys and index initials in SQL — whoever
 * writes the row (demo seed, folder import, benchmark generator).
 *   text_fold(s)       width/case-folded text       'ＬＯＶＥ' → 'love'
 *   pinyin_full(s)     toneless pinyin, no spaces   '周杰伦' → 'zhoujielun'
 *   pinyin_initials(s) syllable initials            '周杰伦' → 'zjl'
 *   name_initial(s)    A–Z index letter or '#'      '周杰伦' → 'Z'
 *   lrc_text(s)        sung lines of LRC, no tags   '[00:01.00]晨光' → '晨光'
 *   lrc_normalize(s)   canonical LRC (@cloudtune/lrc) '[0:01]晨光' → '[00:01.00]晨光'
 */
export function registerTextFunctions(db: BetterSqlite3.Database): void {
  const opts = { deterministic: true } as const;
  const str = (v: unknown) => (typeof v === 'string' ? v : v == null ? '' : String(v));
  db.function('text_fold', opts, (s: unknown) => foldText(str(s)));
  db.function('pinyin_full', opts, (s: unknown) => pinyinForms(str(s)).full);
  db.function('pinyin_initials', opts, (s: unknown) => pinyinForms(str(s)).initials);
  db.function('name_initial', opts, (s: unknown) => nameInitial(str(s)));
  db.function('lrc_text', opts, (s: unknown) => lyricLines(str(s)).join('\n'));
  db.function('lrc_normalize', opts, (s: unknown) => normalizeLrc(str(s)));
}
