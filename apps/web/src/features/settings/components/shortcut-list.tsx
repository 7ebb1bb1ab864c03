import styles from '../../../components/setting-form.module.css';

/** 快捷键: what the keyboard does in the player (display only). */
export const SHORTCUTS: readonly { keys: string[][]; action: string }[] = [
  { keys: [['Space']], action: '播放 / 暂停' },
  { keys: [['←'], ['→']], action: '后退 / 快进 10 秒' },
  {
    keys: [
      ['Ctrl', '←'],
      ['Ctrl', '→'],
    ],
    action: '上一首 / 下一首',
  },
  {
    keys: [
      ['Ctrl', '↑'],
      ['Ctrl', '↓'],
    ],
    action: '音量加 / 减',
  },
  { keys: [['L']], action: '打开 / 关闭歌词面板' },
];

export function ShortcutList() {
  return (
    <table className={styles.shortcuts}>
      <thead>
        <tr>
          <th scope="col">功能</th>
          <th scope="col">快捷键</th>
        </tr>
      </thead>
      <tbody>
        {SHORTCUTS.map(({ keys, action }) => (
          <tr key={action}>
            <td>{action}</td>
            <td>
              {keys.map((combo, i) => (
                <span key={combo.join('+')} className={styles.combo}>
                  {i > 0 ? <span className={styles.or}>/</span> : null}
                  {combo.map((key, j) => (
                    <span key={key}>
                      {j > 0 ? <span className={styles.plus}>+</span> : null}
                      <kbd className={styles.key}>{key}</kbd>
                    </span>
                  ))}
                </span>
              ))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
