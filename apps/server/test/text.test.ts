import { describe, expect, it } from 'vitest';
import { foldText, isCjk } from '../src/text/normalize.ts';
import { nameInitial, pinyinForms } from '../src/text/pinyin.ts';

describe('text folding', () => {
  it('folds width and case', () => {
    expect(foldText('ＬＯＶＥ  Story')).toBe('love story');
  });
  it('recognises CJK characters', () => {
    expect(['周', 'の', '한', 'a'].map(isCjk)).toEqual([true, true, true, false]);
  });
});

describe('pinyin forms', () => {
  it('gives full pinyin and initials of a Chinese name', () => {
    expect(pinyinForms('周杰伦')).toEqual({ full: 'zhoujielun', initials: 'zjl' });
  });
  it('keeps Latin words in mixed and Latin names', () => {
    expect(pinyinForms('Taylor Swift')).toEqual({ full: 'taylorswift', initials: 'ts' });
    expect(pinyinForms('G.E.M.邓紫棋').full).toBe('gemdengziqi');
  });
  it('files names under an A–Z initial or #', () => {
    expect(nameInitial('周杰伦')).toBe('Z');
    expect(nameInitial('adele')).toBe('A');
    expect(nameInitial('아이유')).toBe('#');
    expect(nameInitial('米津玄師')).toBe('M');
    expect(nameInitial('あいみょん')).toBe('#');
  });
});

describe('SQL text functions', () => {
  // SQLite's views and triggers call them; PostgreSQL's documents are made in TypeScript with the same functions.
  it('are available on every opened SQLite database, whatever engine the library uses', async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { openSqliteDatabase } = await import('../src/db/connection.ts');
    const db = await openSqliteDatabase(mkdtempSync(join(tmpdir(), 'cloudtune-text-')));
    const row = await db
      .prepare("SELECT text_fold('ＬＯＶＥ') f, pinyin_full('周杰伦') p, pinyin_initials('周杰伦') i, name_initial('周杰伦') n")
      .get();
    expect(row).toEqual({ f: 'love', p: 'zhoujielun', i: 'zjl', n: 'Z' });
    await db.close();
  });
});
