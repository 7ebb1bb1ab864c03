import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../lib/notice.ts';
import { uploadSong } from '../api/cloud.ts';
import { cloudKeys } from '../api/keys.ts';
import { addUpload, removeUpload, setUploadProgress, uploadingRow, type CloudRow } from '../cloud-list.ts';

let nextUid = 1;

const reason = (error: unknown) => (error as { msg?: string }).msg ?? (error as Error).message;

/**
 * The drive's uploads: each picked file becomes a temporary row on top at once; the
 * files are sent one after another (a 2-core server transcodes each), the row showing its
 * percent; on failure the row goes with the reason in a toast; when a file is in, its row goes
 * and the list is reloaded.
 */
export function useCloudUploads() {
  const client = useQueryClient();
  const [rows, setRows] = useState<CloudRow[]>([]);
  const queue = useRef(Promise.resolve());

  const uploadFiles = useCallback(
    (files: readonly File[]) => {
      for (const file of files) {
        if (!file.type.startsWith('audio/')) {
          notify({ kind: 'warning', message: `${file.name} 不是音频文件` });
          continue;
        }
        const uid = `upload-${Date.now()}-${nextUid++}`;
        setRows((current) => addUpload(current, uploadingRow(uid, file)));
        queue.current = queue.current.then(async () => {
          try {
            await uploadSong(file, (percent) => setRows((current) => setUploadProgress(current, uid, percent)));
            await client.invalidateQueries({ queryKey: cloudKeys.list });
            notify({ kind: 'success', message: `${file.name} 上传成功` });
          } catch (error) {
            notify({ kind: 'error', message: `${file.name} 上传失败：${reason(error)}` });
          } finally {
            setRows((current) => removeUpload(current, uid));
          }
        });
      }
    },
    [client],
  );

  return { uploads: rows, uploading: rows.length > 0, uploadFiles };
}
