import { useCallback, useRef, useState } from 'react';
import { errorMessage } from '../../../api/errors';
import { uploadReportFile } from '../reportsApi';
import type { UploadOutcome } from '../types';

export type UploadItem = {
  key: string;
  file: File;
  progress: number;
  state: 'waiting' | 'uploading' | 'done' | 'failed';
  outcome: UploadOutcome | null;
  error: string | null;
};

// Upload progress is per file and short-lived UI state, so it stays in the component rather than the
// store. Files go one request each, one after another: each gets its own progress and outcome, and a
// large file never holds the others' results back.
export function useUploads(fallbackError: string) {
  const [items, setItemsState] = useState<UploadItem[]>([]);
  const [running, setRunning] = useState(false);
  const counter = useRef(0);
  // The list as last set: a retry sends files whose state was reset in the same tick.
  const current = useRef<UploadItem[]>([]);
  const setItems = useCallback((next: (list: UploadItem[]) => UploadItem[]) => {
    current.current = next(current.current);
    setItemsState(current.current);
  }, []);

  const add = useCallback(
    (files: Iterable<File>) => {
      const added = [...files].map((file) => ({
        key: `${(counter.current += 1)}`,
        file,
        progress: 0,
        state: 'waiting' as const,
        outcome: null,
        error: null,
      }));
      setItems((list) => [...list, ...added]);
    },
    [setItems],
  );

  const remove = (key: string) => setItems((list) => list.filter((i) => i.key !== key));
  const clear = () => setItems(() => []);
  const update = (key: string, patch: Partial<UploadItem>) =>
    setItems((list) => list.map((i) => (i.key === key ? { ...i, ...patch } : i)));

  /** Uploads every waiting file; resolves with how many were sent. */
  const start = async (): Promise<number> => {
    const queue = current.current.filter((i) => i.state === 'waiting');
    setRunning(true);
    for (const item of queue) {
      update(item.key, { state: 'uploading', progress: 0 });
      try {
        const outcome = await uploadReportFile(item.file, (progress) => update(item.key, { progress }));
        update(item.key, { state: 'done', progress: 1, outcome });
      } catch (error) {
        update(item.key, {
          state: 'failed',
          error: errorMessage(error, fallbackError, { from: ['detail', 'allFields'] }),
        });
      }
    }
    setRunning(false);
    return queue.length;
  };

  /** Sends these files again (after their domains were added); resolves with how many were sent. */
  const retry = (keys: string[]): Promise<number> => {
    setItems((list) =>
      list.map((i) => (keys.includes(i.key) ? { ...i, state: 'waiting', outcome: null, error: null } : i)),
    );
    return start();
  };

  return { items, running, add, remove, clear, start, retry };
}
