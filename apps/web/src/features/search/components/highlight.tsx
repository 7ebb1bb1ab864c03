import { Fragment } from 'react';
import styles from './highlight.module.css';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The keyword's words, longest first (so "love story" marks "love story", not just "love"). */
export function keywordWords(keywords: string): string[] {
  return [...new Set(keywords.trim().split(/\s+/).filter(Boolean))].sort((a, b) => b.length - a.length);
}

/** `text` split into runs, `hit` where a word of `keywords` matches (case-insensitive). */
export function highlightRuns(text: string, keywords: string): { text: string; hit: boolean }[] {
  const words = keywordWords(keywords);
  if (!text || words.length === 0) return [{ text, hit: false }];
  const pattern = new RegExp(`(${words.map(escapeRegExp).join('|')})`, 'giu');
  return text
    .split(pattern)
    .filter((part) => part !== '')
    .map((part) => ({ text: part, hit: words.some((w) => w.toLowerCase() === part.toLowerCase()) }));
}

/** Text with the searched words marked (search results and suggestions). */
export function Highlight({ text, keywords }: { text: string; keywords: string }) {
  return (
    <>
      {highlightRuns(text, keywords).map((run, i) =>
        run.hit ? (
          <mark key={i} className={styles.hit}>
            {run.text}
          </mark>
        ) : (
          <Fragment key={i}>{run.text}</Fragment>
        ),
      )}
    </>
  );
}

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&amp;': '&', '&quot;': '"', '&#39;': "'" };

/**
 * A lyric line as /search type 1006 marks it (`Say <b>love</b> &lt;3`): the server escapes the
 * text and wraps matches in <b>; rendered as text with marks, never as HTML.
 */
export function MarkedLine({ html }: { html: string }) {
  const decode = (s: string) => s.replace(/&(?:lt|gt|amp|quot|#39);/g, (e) => ENTITIES[e] ?? e);
  const parts = html.split(/<b>(.*?)<\/b>/g);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <mark key={i} className={styles.hit}>
            {decode(part)}
          </mark>
        ) : (
          <Fragment key={i}>{decode(part)}</Fragment>
        ),
      )}
    </>
  );
}
