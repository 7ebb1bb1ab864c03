import {
  isSmartGroup,
  SMART_NUMBER_RANGES,
  SMART_MAX_LIMIT,
  smartRules,
  type SmartGroup,
  type SmartMatch,
  type SmartNode,
  type SmartNumberField,
  type SmartRule,
  type SmartRules,
  type SmartSortField,
} from '@cloudtune/contract';

/**
 * A smart playlist's rules (智能歌单) as the editor holds them and as the page reads them out:
 * the words of every field and operator, a draft whose values are the inputs' text (a number
 * being typed may be empty for a moment), and the rules a draft makes or the first thing wrong
 * with it, in words.
 */

export type SmartField = SmartRule['field'];
type Kind = 'text' | 'fileType' | 'number' | 'date' | 'liked' | 'playlist';

interface FieldInfo {
  label: string;
  kind: Kind;
  /** what the number means, after it */
  unit?: string;
}

export const FIELDS: Record<SmartField, FieldInfo> = {
  genre: { label: '风格', kind: 'text' },
  artist: { label: '歌手', kind: 'text' },
  album: { label: '专辑', kind: 'text' },
  year: { label: '年份', kind: 'number' },
  addedAt: { label: '添加时间', kind: 'date' },
  lastPlayed: { label: '最近播放', kind: 'date' },
  playCount: { label: '播放次数', kind: 'number', unit: '次' },
  liked: { label: '我喜欢的音乐', kind: 'liked' },
  rating: { label: '评分', kind: 'number', unit: '星' },
  duration: { label: '时长', kind: 'number', unit: '秒' },
  bitrate: { label: '码率', kind: 'number', unit: 'kbps' },
  fileType: { label: '文件类型', kind: 'fileType' },
  playlist: { label: '歌单', kind: 'playlist' },
};
export const FIELD_ORDER = Object.keys(FIELDS) as SmartField[];

/** Each kind's operators and their words, in the order the menu lists them. */
export const OPS: Record<Kind, readonly (readonly [string, string])[]> = {
  text: [
    ['is', '是'],
    ['isNot', '不是'],
    ['contains', '包含'],
    ['notContains', '不包含'],
  ],
  fileType: [
    ['is', '是'],
    ['isNot', '不是'],
  ],
  number: [
    ['is', '等于'],
    ['isNot', '不等于'],
    ['gt', '大于'],
    ['lt', '小于'],
    ['between', '介于'],
  ],
  date: [
    ['inLast', '在最近'],
    ['notInLast', '不在最近'],
    ['before', '早于'],
    ['after', '晚于'],
  ],
  liked: [
    ['is', '是'],
    ['isNot', '不是'],
  ],
  playlist: [
    ['in', '在歌单中'],
    ['notIn', '不在歌单中'],
  ],
};

export const opsOf = (field: SmartField) => OPS[FIELDS[field].kind];
const opLabel = (field: SmartField, op: string): string => opsOf(field).find(([o]) => o === op)?.[1] ?? op;

export const MATCH_LABELS: Record<SmartMatch, string> = { all: '满足全部', any: '满足任一' };

export const SORT_LABELS: Record<SmartSortField, string> = {
  name: '歌名',
  year: '年份',
  addedAt: '添加时间',
  lastPlayed: '最近播放',
  playCount: '播放次数',
  rating: '评分',
  duration: '时长',
  bitrate: '码率',
};
export const ORDER_LABELS = { asc: '升序', desc: '降序' } as const;

// The draft ------------------------------------------------------------------------------------

export interface DraftRule {
  key: number;
  field: SmartField;
  op: string;
  /** the value's text: a name, a number, a day (YYYY-MM-DD), a playlist id; unused for 我喜欢的音乐 */
  value: string;
  /** the upper end of 介于 */
  value2: string;
}
export interface DraftGroup {
  key: number;
  match: SmartMatch;
  rules: DraftNode[];
}
export type DraftNode = DraftRule | DraftGroup;
export interface SmartDraft {
  root: DraftGroup;
  sortField: SmartSortField;
  sortOrder: 'asc' | 'desc';
  /** '' : 不限 */
  limit: string;
}

export const isDraftGroup = (node: DraftNode): node is DraftGroup => 'match' in node;

let nextKey = 1;
const key = () => nextKey++;

/** A new rule of a field, with the field's first operator and an empty value (a date: 在最近 30 天). */
export function newRule(field: SmartField = 'genre'): DraftRule {
  const op = opsOf(field)[0]![0];
  return { key: key(), field, op, value: FIELDS[field].kind === 'date' ? '30' : '', value2: '' };
}
export const newGroup = (): DraftGroup => ({ key: key(), match: 'any', rules: [newRule()] });

export const newDraft = (): SmartDraft => ({
  root: { key: key(), match: 'all', rules: [newRule()] },
  sortField: 'addedAt',
  sortOrder: 'desc',
  limit: '',
});

/** The field changed: its operator and value start over when the old ones do not fit it. */
export function withField(rule: DraftRule, field: SmartField): DraftRule {
  if (FIELDS[field].kind === FIELDS[rule.field].kind) return { ...rule, field };
  return { ...newRule(field), key: rule.key };
}

/** The operator changed: a date's value switches between days (在最近 N 天) and a day. */
export function withOp(rule: DraftRule, op: string): DraftRule {
  if (FIELDS[rule.field].kind !== 'date') return { ...rule, op };
  const counts = (o: string) => o === 'inLast' || o === 'notInLast';
  return counts(op) === counts(rule.op) ? { ...rule, op } : { ...rule, op, value: counts(op) ? '30' : '' };
}

function draftNode(node: SmartNode): DraftNode {
  if (isSmartGroup(node)) return { key: key(), match: node.match, rules: node.rules.map(draftNode) };
  const value = 'value' in node ? node.value : '';
  const [a, b] = Array.isArray(value) ? value : [value, ''];
  return { key: key(), field: node.field, op: node.op, value: String(a), value2: String(b) };
}

export function draftOf(rules: SmartRules): SmartDraft {
  return {
    root: { key: key(), match: rules.match, rules: rules.rules.map(draftNode) },
    sortField: rules.sort.field,
    sortOrder: rules.sort.order,
    limit: rules.limit === null ? '' : String(rules.limit),
  };
}

/** Replaces the node with `key` wherever it is (null: removes it). */
export function replaceNode(group: DraftGroup, target: number, next: DraftNode | null): DraftGroup {
  const rules = group.rules.flatMap((n): DraftNode[] => {
    if (n.key === target) return next ? [next] : [];
    return [isDraftGroup(n) ? replaceNode(n, target, next) : n];
  });
  return { ...group, rules };
}

// From the draft to the rules --------------------------------------------------------------------

const INT_RE = /^\d+$/;

function ruleOf(d: DraftRule, where: string): SmartRule | string {
  const info = FIELDS[d.field];
  const text = d.value.trim();
  switch (info.kind) {
    case 'text':
    case 'fileType':
      return text ? ({ field: d.field, op: d.op, value: text } as SmartRule) : `${where}：请填写${info.label}`;
    case 'liked':
      return { field: 'liked', op: d.op as 'is' | 'isNot' };
    case 'playlist':
      return INT_RE.test(text) ? { field: 'playlist', op: d.op as 'in' | 'notIn', value: Number(text) } : `${where}：请选择歌单`;
    case 'date':
      if (d.op === 'inLast' || d.op === 'notInLast') {
        return INT_RE.test(text) && Number(text) >= 1
          ? ({ field: d.field, op: d.op, value: Number(text) } as SmartRule)
          : `${where}：天数必须是正整数`;
      }
      return /^\d{4}-\d{2}-\d{2}$/.test(text) ? ({ field: d.field, op: d.op, value: text } as SmartRule) : `${where}：请选择日期`;
    case 'number': {
      const { min, max, what } = SMART_NUMBER_RANGES[d.field as SmartNumberField];
      const parse = (t: string): number | string => {
        if (!INT_RE.test(t.trim())) return `${where}：${what}必须是整数`;
        const n = Number(t.trim());
        return n < min || n > max ? `${where}：${what}必须在 ${min}–${max} 之间` : n;
      };
      const a = parse(d.value);
      if (typeof a === 'string') return a;
      if (d.op !== 'between') return { field: d.field, op: d.op, value: a } as SmartRule;
      const b = parse(d.value2);
      if (typeof b === 'string') return b;
      return a <= b ? ({ field: d.field, op: 'between', value: [a, b] } as SmartRule) : `${where}：范围的下限不能大于上限`;
    }
  }
}

function groupOf(g: DraftGroup, path: string): SmartGroup | string {
  if (g.rules.length === 0) return `${path || '规则'}：至少要有一条规则`;
  const rules: SmartNode[] = [];
  for (const [i, n] of g.rules.entries()) {
    const where = `${path}第 ${i + 1} 条`;
    const made = isDraftGroup(n) ? groupOf(n, `${where}分组的`) : ruleOf(n, `${where}规则`);
    if (typeof made === 'string') return made;
    rules.push(made);
  }
  return { match: g.match, rules };
}

/** The rules a draft makes, or the first thing wrong with it in words. */
export function rulesOf(draft: SmartDraft): SmartRules | string {
  const root = groupOf(draft.root, '');
  if (typeof root === 'string') return root;
  const limit = draft.limit.trim();
  if (limit && (!INT_RE.test(limit) || Number(limit) < 1 || Number(limit) > SMART_MAX_LIMIT)) {
    return `歌曲数量上限必须是 1–${SMART_MAX_LIMIT} 的整数`;
  }
  const rules: SmartRules = { ...root, sort: { field: draft.sortField, order: draft.sortOrder }, limit: limit ? Number(limit) : null };
  // What the editor cannot say (too many rules, groups too deep) the contract does.
  const checked = smartRules.safeParse(rules);
  return checked.success ? rules : (checked.error.issues[0]?.message ?? '规则有误');
}

// Read out -------------------------------------------------------------------------------------

/** One rule in words: 风格 是「摇滚」, 播放次数 大于 3 次, 最近播放 在最近 7 天内. `playlistName`: a playlist's name by id. */
export function describeRule(rule: SmartRule, playlistName: (id: number) => string | undefined = () => undefined): string {
  const info = FIELDS[rule.field];
  const op = opLabel(rule.field, rule.op);
  const unit = info.unit ? ` ${info.unit}` : '';
  switch (rule.field) {
    case 'liked':
      return `${op}${info.label}`;
    case 'playlist':
      return `${op}「${playlistName(rule.value) ?? `歌单 ${rule.value}`}」`;
    case 'addedAt':
    case 'lastPlayed':
      return rule.op === 'inLast' || rule.op === 'notInLast'
        ? `${info.label} ${op} ${rule.value} 天内`
        : `${info.label} ${op} ${rule.value}`;
    case 'genre':
    case 'artist':
    case 'album':
    case 'fileType':
      return `${info.label} ${op}「${rule.value}」`;
    default:
      return rule.op === 'between'
        ? `${info.label} ${op} ${rule.value[0]}–${rule.value[1]}${unit}`
        : `${info.label} ${op} ${rule.value}${unit}`;
  }
}

/** A group in words: its rules joined by 且 (满足全部) or 或 (满足任一), inner groups in brackets. */
export function describeGroup(group: SmartGroup, playlistName?: (id: number) => string | undefined): string {
  const parts = group.rules.map((n) => (isSmartGroup(n) ? `（${describeGroup(n, playlistName)}）` : describeRule(n, playlistName)));
  return parts.join(group.match === 'all' ? '，且 ' : '，或 ');
}

/** The order and the limit in words: 按播放次数降序，最多 25 首. */
export function describeSort(rules: SmartRules): string {
  const order = `按${SORT_LABELS[rules.sort.field]}${ORDER_LABELS[rules.sort.order]}`;
  return rules.limit === null ? order : `${order}，最多 ${rules.limit} 首`;
}
