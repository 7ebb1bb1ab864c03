import { useEffect, useRef, useState } from 'react';
import { CloseIcon, FolderPlusIcon } from '../../../components/icons.tsx';
import { notify } from '../../../lib/notice.ts';
import { desktopBridge, type LocalFolder } from '../../../lib/platform.ts';
import styles from './local-music.module.css';

const folderName = (path: string) => path.split(/[\\/]/).filter(Boolean).pop() ?? path;

/**
 * 选择目录 (SPEC §2 Screens): the local-music folders with checkboxes, 添加文件夹 (the OS
 * folder picker), a folder removed by its ×, and 确认, which saves and rescans. Escape or the
 * close button leaves without saving.
 */
export function ChooseFolderDialog({
  folders,
  onConfirm,
  onClose,
}: {
  folders: readonly LocalFolder[];
  onConfirm: (folders: LocalFolder[]) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<LocalFolder[]>(() => folders.map((f) => ({ ...f })));
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('input, button')?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const add = async () => {
    try {
      const path = await desktopBridge()?.chooseFolder?.({ title: '选择目录' });
      if (!path) return;
      if (draft.some((f) => f.path === path)) notify({ kind: 'info', message: '该文件夹已在列表中' });
      else setDraft((d) => [...d, { path, checked: true }]);
    } catch (error) {
      notify({ kind: 'error', message: `无法选择文件夹：${(error as Error).message}` });
    }
  };

  return (
    <div className={styles.backdrop} role="presentation" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={ref}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby="choose-folder-title"
        data-testid="choose-folder"
      >
        <header className={styles.dialogHead}>
          <h2 id="choose-folder-title">选择目录</h2>
          <button type="button" className={styles.icon} aria-label="关闭" onClick={onClose}>
            <CloseIcon size={16} />
          </button>
        </header>
        <p className={styles.hint}>将自动扫描您勾选的目录，文件增删实时同步。</p>
        <ul className={styles.folders}>
          {draft.length === 0 ? <li className={styles.none}>还没有添加文件夹</li> : null}
          {draft.map((folder, i) => (
            <li key={folder.path}>
              <label title={folder.path}>
                <input
                  type="checkbox"
                  checked={folder.checked}
                  onChange={(e) => {
                    const checked = e.currentTarget.checked;
                    setDraft((d) => d.map((f, j) => (j === i ? { ...f, checked } : f)));
                  }}
                />
                <span className={styles.folderName}>{folderName(folder.path)}</span>
                <span className={styles.folderPath}>{folder.path}</span>
              </label>
              <button
                type="button"
                className={styles.icon}
                aria-label={`移除文件夹 ${folderName(folder.path)}`}
                onClick={() => setDraft((d) => d.filter((_, j) => j !== i))}
              >
                <CloseIcon size={14} />
              </button>
            </li>
          ))}
        </ul>
        <footer className={styles.dialogFoot}>
          <button type="button" className={styles.primary} onClick={() => onConfirm(draft)}>
            确认
          </button>
          <button type="button" className={styles.secondary} onClick={() => void add()}>
            <FolderPlusIcon size={16} /> 添加文件夹
          </button>
        </footer>
      </div>
    </div>
  );
}
