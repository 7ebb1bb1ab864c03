import type { Rng } from './rng.ts';

/**
 * Query values for one contract parameter, already percent-encoded: mostly plausible ones, then
 * every kind of wrong. Song ids that make the server render audio stay within a few songs, so
 * the fuzz measures request handling rather than the encoder.
 */
export type QueryPair = [key: string, value: string];

/** Songs the fuzz lets the server render (audio and /song/url); a few seconds each. */
export const RENDERED_SONGS = [1, 2, 3, 4, 5, 6] as const;

/** Percent-encodes like encodeURIComponent, but lone surrogates become (invalid) UTF-8 bytes instead of throwing. */
export function enc(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += `%${(0xe0 | (code >> 12)).toString(16).toUpperCase()}%${(0x80 | ((code >> 6) & 0x3f)).toString(16).toUpperCase()}%${(0x80 | (code & 0x3f)).toString(16).toUpperCase()}`;
    } else out += encodeURIComponent(ch);
  }
  return out;
}

const BOUNDARY = ['0', '1', '-0', '01', '+1', '1.0', '1.5', '1e3', '0x10', '0b1', '2147483647', '2147483648', '4294967296'];
const BOUNDARY_BIG = ['9007199254740991', '9007199254740992', '18446744073709551616', '', ' ', ' 1 '];
const WRONG_TYPE = ['abc', 'true', 'false', 'null', 'undefined', 'NaN', 'Infinity', '-Infinity', '[]', '{}', '[1,2]', '{"a":1}'];
const WRONG_TYPE_2 = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', '0,0', '1,,2', ',', ';', '1;2', '1 2', '1\t2'];
const HUGE = ['9'.repeat(20), '9'.repeat(400), '1e308', '1e309', '-1e309', `1${'0'.repeat(100)}`, '123456789012345678901234567890'];
const NEGATIVE = ['-1', '-2', '-100', '-2147483648', '-9007199254740993', '-0.5', '-1e3'];
const UNICODE = [
  '周杰伦',
  '夜',
  '月光',
  '🎵',
  '🎵'.repeat(50),
  '\u0000',
  '\u200b',
  '\u202e',
  'e\u0301',
  'Ａｂｃ',
  'ｚｊｌ',
  '\ufeff',
  '\ud800',
  '\udfff',
  '\uffff',
  '한국어',
  '日本語',
  '\r\n',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"',
  '\\',
  '%',
  '*',
  'NEAR(a b)',
  'a AND b',
  'a OR',
  '"unterminated',
  'col:val',
  '^x',
  '(',
  ')',
  '-a',
  '+',
  '{a b}',
];
const LONG = [
  'a'.repeat(2000),
  'a'.repeat(10_000),
  '夜'.repeat(1000),
  '夜'.repeat(5000),
  '1'.repeat(5000),
  'a '.repeat(3000),
  '🎵'.repeat(2000),
];
/** Written into the query as is: broken percent-encoding and raw Latin-1 bytes. */
const RAW_ENCODED = ['%zz', '%', '%E4%B8', '%C0%AE', '%00', '%FF', '\u00ff', '%F0%9F%8E', '%25', '%u4E00', '%%'];

export const KEYWORDS = ['夜', '月光', 'Dreams', 'ight', 'zhoujielun', 'zjl', '周', 'love song', 'a', '海盐', 'the'];
const CATS = ['全部', '华语', '流行', '摇滚', '欧美', '民谣', '电子'];

function validValue(rng: Rng, path: string, name: string): string {
  switch (name) {
    case 'id':
      if (path.endsWith('/song/url')) return String(rng.pick(RENDERED_SONGS));
      if (path.includes('/playlist')) return String(rng.int(1, 60));
      if (path.endsWith('/album')) return String(rng.int(1, 75));
      if (path.includes('artist')) return String(rng.int(1, 40));
      return String(rng.int(1, 490));
    case 'ids': {
      const ids = Array.from({ length: rng.int(1, 5) }, () => rng.int(1, 490));
      return enc(rng.chance(0.8) ? ids.join(',') : JSON.stringify(ids));
    }
    case 'limit':
      return String(rng.int(0, 100));
    case 'offset':
      return String(rng.int(0, 300));
    case 'before':
      return String(rng.pick([0, 1700000000000, Date.now(), 1735689600000]));
    case 's':
      return String(rng.int(0, 10));
    case 'type':
      if (path.endsWith('/search')) return String(rng.pick([1, 10, 100, 1000, 1006]));
      if (path.endsWith('/suggest')) return rng.pick(['mobile', 'web']);
      if (path.endsWith('/banner')) return String(rng.int(0, 3));
      return String(rng.pick([-1, 1, 2, 3]));
    case 'keywords':
      return enc(rng.pick(KEYWORDS));
    case 'cat':
      return enc(rng.pick(CATS));
    case 'br':
      return String(rng.pick([128000, 192000, 320000, 999000]));
    case 'source':
      return rng.pick(['netease', 'local', 'x']);
    case 'sourceid':
      return String(rng.int(1, 60));
    case 'time':
      return String(rng.int(1, 300));
    case 'area':
      return String(rng.pick([-1, 7, 96, 8, 16, 0]));
    case 'initial':
      return rng.pick(['a', 'z', '-1', '0', '%23', 'b']);
    default:
      return String(rng.int(1, 100));
  }
}

/** The pairs one parameter contributes (none: left out; several: repeated). */
export function paramPairs(rng: Rng, path: string, name: string, required: boolean): QueryPair[] {
  const r = rng.next();
  if (r < (required ? 0.06 : 0.3)) return [];
  if (r < 0.55) return [[name, validValue(rng, path, name)]];
  if (r < 0.61) return [[name, rng.pick(rng.chance(0.7) ? BOUNDARY : BOUNDARY_BIG).replace(/ /g, '%20')]];
  if (r < 0.68) return [[name, enc(rng.pick(rng.chance(0.6) ? WRONG_TYPE : WRONG_TYPE_2))]];
  if (r < 0.72) return [[name, rng.pick(HUGE)]];
  if (r < 0.76) return [[name, rng.pick(NEGATIVE)]];
  if (r < 0.84) return [[name, enc(rng.pick(UNICODE))]];
  if (r < 0.86) return [[name, enc(rng.pick(LONG))]];
  if (r < 0.9) return [[name, rng.pick(RAW_ENCODED)]];
  if (r < 0.95)
    return Array.from({ length: rng.int(2, 4) }, (): QueryPair => [
      name,
      rng.chance(0.5) ? validValue(rng, path, name) : enc(rng.pick(WRONG_TYPE)),
    ]);
  const shape = rng.int(0, 3);
  if (shape === 0) return [[`${name}[]`, validValue(rng, path, name)]];
  if (shape === 1) return [[`${name}[a]`, '1']];
  if (shape === 2)
    return [
      [`${name}[0]`, '1'],
      [`${name}[1]`, '2'],
    ];
  return [[`${name}[__proto__]`, '1']];
}

/** A wrong value of any kind, already percent-encoded: boundary, wrong type, huge, negative, unicode, long or broken encoding. */
export function oddValue(rng: Rng): string {
  const r = rng.next();
  if (r < 0.2) return rng.pick(rng.chance(0.7) ? BOUNDARY : BOUNDARY_BIG).replace(/ /g, '%20');
  if (r < 0.4) return enc(rng.pick(rng.chance(0.6) ? WRONG_TYPE : WRONG_TYPE_2));
  if (r < 0.5) return rng.pick(HUGE);
  if (r < 0.6) return rng.pick(NEGATIVE);
  if (r < 0.8) return enc(rng.pick(UNICODE));
  if (r < 0.87) return enc(rng.pick(LONG));
  return rng.pick(RAW_ENCODED);
}

/** Params the contract does not know: the client's `timestamp`, pollution attempts, a session cookie. */
export function unknownPairs(rng: Rng, token: string): QueryPair[] {
  return Array.from({ length: rng.int(1, 3) }, (): QueryPair =>
    rng.pick<QueryPair>([
      ['timestamp', String(Date.now())],
      ['realIP', '116.25.146.177'],
      ['cookie', enc('MUSIC_U=deadbeef; os=pc')],
      ['__proto__', 'x'],
      ['constructor', 'x'],
      ['__proto__[polluted]', '1'],
      ['constructor[prototype][polluted]', '1'],
      [token, token],
      ['proxy', enc('http://127.0.0.1:1')],
      ['', 'empty-key'],
      ['noValue', ''],
    ]),
  );
}

export const joinQuery = (pairs: QueryPair[]): string => pairs.map(([k, v]) => (v === '' && k === 'noValue' ? k : `${k}=${v}`)).join('&');
