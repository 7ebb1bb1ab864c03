import type { SmartRules } from '@cloudtune/contract';
import { describeGroup, describeSort, MATCH_LABELS } from '../smart-rules.ts';
import styles from './list-header.module.css';

/** A smart playlist's rules in words, a line of its page's facts: 规则：满足全部：风格 是「摇滚」，且 …；按播放次数降序，最多 25 首. */
export function SmartRulesFacts({ rules, playlistName }: { rules: SmartRules; playlistName?: (id: number) => string | undefined }) {
  return (
    <div data-testid="smart-rules-facts">
      <dt>规则：</dt>
      <dd className={styles.rules}>
        {MATCH_LABELS[rules.match]}：{describeGroup(rules, playlistName)}；{describeSort(rules)}
      </dd>
    </div>
  );
}
