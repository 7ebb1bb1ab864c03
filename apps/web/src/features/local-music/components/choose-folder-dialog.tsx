import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { CloseIcon, FolderPlusIcon } from '../../../components/icons.tsx';
import { notify } from '../../../lib/notice.ts';
import { desktopBridge, type LocalFolder } from '../../../lib/platform.ts';
import styles from './local-music.module.css';

const folderName = (path: string) => path.split(/[\\/]/).filter(Boolean).pop() ?? path;

/**
 * 选择目录 (Screens): the local-music folders with checkboxes, 添加文件夹 (the OS
 * folder picker), a folder removed by its ×, and 确认, which saves and rescans. Escape, 关闭 or
 * a press beside the dialog leaves without saving.
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
    <Dialog
      title="选择目录"
      onClose={onClose}
      width={480}
      testId="choose-folder"
      footer={
        <>
          <Button variant="primary" onClick={() => onConfirm(draft)}>
            确认
          </Button>
          <Button variant="secondary" onClick={() => void add()}>
            <FolderPlusIcon size={16} /> 添加文件夹
          </Button>
        </>
      }
    >
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
            <Button
              variant="icon"
              shape="square"
              size="xs"
              aria-label={`移除文件夹 ${folderName(folder.path)}`}
              onClick={() => setDraft((d) => d.filter((_, j) => j !== i))}
            >
              <CloseIcon size={14} />
            </Button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
