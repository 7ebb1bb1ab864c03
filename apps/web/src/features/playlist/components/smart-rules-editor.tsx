import { useState } from 'react';
import type { SmartMatch, SmartRules, SmartSortField } from '@cloudtune/contract';
import { Button } from '../../../components/button.tsx';
import { CloseIcon } from '../../../components/icons.tsx';
import {
  draftOf,
  FIELD_ORDER,
  FIELDS,
  isDraftGroup,
  MATCH_LABELS,
  newDraft,
  newGroup,
  newRule,
  opsOf,
  ORDER_LABELS,
  replaceNode,
  rulesOf,
  SORT_LABELS,
  withField,
  withOp,
  type DraftGroup,
  type DraftRule,
  type SmartDraft,
  type SmartField,
} from '../smart-rules.ts';
import styles from './smart-rules-editor.module.css';

/** A playlist a rule may name (在歌单中 / 不在歌单中): the user's ordinary playlists. */
export interface PlaylistChoice {
  id: number;
  name: string;
}

export interface SmartRulesEditorProps {
  /** the rules to start from; absent: one empty rule */
  initial?: SmartRules;
  playlists: readonly PlaylistChoice[];
  /** every change: the rules the editor now says, or what is wrong with them in words */
  onChange: (result: SmartRules | string) => void;
}

/** Groups may hold groups down to this depth (the server's bound: 5 levels with the top). */
const MAX_NESTING = 4;

/**
 * The rule editor of a smart playlist (新建歌单 and 编辑): rules and groups of rules joined by
 * 满足全部 or 满足任一, each a field, an operator and a value; the order of the songs and how
 * many of them to keep.
 */
export function SmartRulesEditor({ initial, playlists, onChange }: SmartRulesEditorProps) {
  const [draft, setDraft] = useState<SmartDraft>(() => (initial ? draftOf(initial) : newDraft()));
  const update = (next: SmartDraft) => {
    setDraft(next);
    onChange(rulesOf(next));
  };
  const setRoot = (root: DraftGroup) => update({ ...draft, root });
  return (
    <div className={styles.editor} data-testid="smart-rules-editor">
      <GroupView group={draft.root} depth={0} playlists={playlists} onChange={setRoot} />
      <div className={styles.footer}>
        <label className={styles.inline}>
          排序
          <select
            className={styles.select}
            aria-label="排序字段"
            value={draft.sortField}
            onChange={(e) => update({ ...draft, sortField: e.target.value as SmartSortField })}
          >
            {Object.entries(SORT_LABELS).map(([field, label]) => (
              <option key={field} value={field}>
                {label}
              </option>
            ))}
          </select>
          <select
            className={styles.select}
            aria-label="排序方向"
            value={draft.sortOrder}
            onChange={(e) => update({ ...draft, sortOrder: e.target.value as 'asc' | 'desc' })}
          >
            {Object.entries(ORDER_LABELS).map(([order, label]) => (
              <option key={order} value={order}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.inline}>
          最多
          <input
            className={`${styles.input} ${styles.short}`}
            inputMode="numeric"
            aria-label="歌曲数量上限"
            placeholder="不限"
            value={draft.limit}
            onChange={(e) => update({ ...draft, limit: e.target.value })}
          />
          首
        </label>
      </div>
    </div>
  );
}

function GroupView({
  group,
  depth,
  playlists,
  onChange,
  onRemove,
}: {
  group: DraftGroup;
  depth: number;
  playlists: readonly PlaylistChoice[];
  onChange: (group: DraftGroup) => void;
  onRemove?: () => void;
}) {
  const replace = (key: number, next: DraftRule | DraftGroup | null) => onChange(replaceNode(group, key, next));
  return (
    <fieldset className={depth === 0 ? styles.root : styles.group} data-testid={depth === 0 ? undefined : 'smart-rules-group'}>
      <legend className={styles.match}>
        {depth === 0 ? '歌曲需' : '分组：'}
        <select
          className={styles.select}
          aria-label={depth === 0 ? '规则的组合方式' : '分组的组合方式'}
          value={group.match}
          onChange={(e) => onChange({ ...group, match: e.target.value as SmartMatch })}
        >
          {Object.entries(MATCH_LABELS).map(([match, label]) => (
            <option key={match} value={match}>
              {label}
            </option>
          ))}
        </select>
        {depth === 0 ? '以下规则' : null}
        {onRemove ? (
          <Button variant="icon" size="xs" tone="danger" aria-label="删除分组" onClick={onRemove} className={styles.removeGroup}>
            <CloseIcon size={14} />
          </Button>
        ) : null}
      </legend>
      <ul className={styles.rules}>
        {group.rules.map((node) => (
          <li key={node.key}>
            {isDraftGroup(node) ? (
              <GroupView
                group={node}
                depth={depth + 1}
                playlists={playlists}
                onChange={(next) => replace(node.key, next)}
                onRemove={() => replace(node.key, null)}
              />
            ) : (
              <RuleView
                rule={node}
                playlists={playlists}
                onChange={(next) => replace(node.key, next)}
                onRemove={group.rules.length > 1 || depth > 0 ? () => replace(node.key, null) : undefined}
              />
            )}
          </li>
        ))}
      </ul>
      <div className={styles.adders}>
        <Button variant="ghost" size="sm" onClick={() => onChange({ ...group, rules: [...group.rules, newRule()] })}>
          + 添加规则
        </Button>
        {depth < MAX_NESTING ? (
          <Button variant="ghost" size="sm" onClick={() => onChange({ ...group, rules: [...group.rules, newGroup()] })}>
            + 添加分组
          </Button>
        ) : null}
      </div>
    </fieldset>
  );
}

function RuleView({
  rule,
  playlists,
  onChange,
  onRemove,
}: {
  rule: DraftRule;
  playlists: readonly PlaylistChoice[];
  onChange: (rule: DraftRule) => void;
  onRemove?: () => void;
}) {
  const kind = FIELDS[rule.field].kind;
  const unit = FIELDS[rule.field].unit;
  return (
    <div className={styles.rule} data-testid="smart-rule">
      <select
        className={styles.select}
        aria-label="字段"
        value={rule.field}
        onChange={(e) => onChange(withField(rule, e.target.value as SmartField))}
      >
        {FIELD_ORDER.map((field) => (
          <option key={field} value={field}>
            {FIELDS[field].label}
          </option>
        ))}
      </select>
      <select className={styles.select} aria-label="条件" value={rule.op} onChange={(e) => onChange(withOp(rule, e.target.value))}>
        {opsOf(rule.field).map(([op, label]) => (
          <option key={op} value={op}>
            {label}
          </option>
        ))}
      </select>
      <span className={styles.value}>
        <RuleValue rule={rule} kind={kind} unit={unit} playlists={playlists} onChange={onChange} />
      </span>
      {onRemove ? (
        <Button variant="icon" size="xs" tone="danger" aria-label="删除规则" onClick={onRemove}>
          <CloseIcon size={14} />
        </Button>
      ) : (
        <span className={styles.spacer} />
      )}
    </div>
  );
}

function RuleValue({
  rule,
  kind,
  unit,
  playlists,
  onChange,
}: {
  rule: DraftRule;
  kind: (typeof FIELDS)[SmartField]['kind'];
  unit: string | undefined;
  playlists: readonly PlaylistChoice[];
  onChange: (rule: DraftRule) => void;
}) {
  const text = (end: 'value' | 'value2', extra: { inputMode?: 'numeric'; placeholder?: string; type?: 'date' } = {}) => (
    <input
      className={styles.input}
      aria-label={end === 'value' ? '值' : '上限'}
      value={rule[end]}
      {...extra}
      onChange={(e) => onChange({ ...rule, [end]: e.target.value })}
    />
  );
  switch (kind) {
    case 'liked':
      return null;
    case 'playlist':
      return (
        <select className={styles.select} aria-label="值" value={rule.value} onChange={(e) => onChange({ ...rule, value: e.target.value })}>
          <option value="">选择歌单</option>
          {playlists.map((p) => (
            <option key={p.id} value={String(p.id)}>
              {p.name}
            </option>
          ))}
        </select>
      );
    case 'date':
      return rule.op === 'inLast' || rule.op === 'notInLast' ? (
        <>
          {text('value', { inputMode: 'numeric' })}
          <span className={styles.unit}>天内</span>
        </>
      ) : (
        text('value', { type: 'date' })
      );
    case 'number':
      return rule.op === 'between' ? (
        <>
          {text('value', { inputMode: 'numeric' })}
          <span className={styles.unit}>至</span>
          {text('value2', { inputMode: 'numeric' })}
          {unit ? <span className={styles.unit}>{unit}</span> : null}
        </>
      ) : (
        <>
          {text('value', { inputMode: 'numeric' })}
          {unit ? <span className={styles.unit}>{unit}</span> : null}
        </>
      );
    default:
      return text('value', { placeholder: kind === 'fileType' ? '如：flac' : `如：${rule.field === 'genre' ? '摇滚' : '名字'}` });
  }
}
