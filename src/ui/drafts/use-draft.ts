import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useProfile } from '../hooks/use-profile';
import { useReplicaContext } from '../ReplicaProvider';
import { DRAFT_DELAY_MS, DraftStore, draftStoreOf } from './draft-store';

export interface Draft<T> {
  /** False while the device's draft is read: the form waits, so it opens on the draft when there is one. */
  ready: boolean;
  /** The value kept on this device when the form opened (until it is saved or discarded). */
  restored: T | undefined;
  /** Changes when the user discards the draft: the form starts again from what it shows without it. */
  round: number;
  /** The form holds input that is not saved (typed since it opened, or restored from a draft). */
  unsaved: boolean;
  /** The same, read at the moment of asking (a save that just succeeded is already counted). */
  isUnsaved(): boolean;
  /** When the input was last written on this device (undefined until the first write). */
  keptAt: Date | undefined;
  /** Keeps this value as the draft after a pause in typing (and at once when the form goes away). */
  keep(value: T): void;
  /** Removes the draft: the save succeeded (the change is queued) or the user cancelled. */
  remove(): Promise<void>;
  /** Removes the draft and starts the form again without it ('Discard'). */
  discard(): void;
}

interface Found<T> {
  key: string;
  value: T | undefined;
}

/**
 * A form's draft on this device, per signed-in user and per form instance (`form` names it:
 * 'edit:Patient/123', 'note:Task/abc', 'new-task'; undefined keeps nothing). The value is the form's
 * own shape. Input is written after a pause in typing, and at once when the form unmounts or the page
 * is hidden or closed, so a reload, Back, a closed tab or a crash finds it again.
 */
export function useDraft<T>(form: string | undefined): Draft<T> {
  const { client } = useReplicaContext();
  const { reference } = useProfile();
  const store = draftStoreOf(client.storage);
  const key = form && reference ? DraftStore.key(reference, form) : undefined;
  const [found, setFound] = useState<Found<T>>();
  const [edited, setEdited] = useState(false);
  const [round, setRound] = useState(0);
  const pending = useRef<{ key: string; value: T } | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const unsavedNow = useRef(false);
  const mounted = useRef(true);
  const [keptAt, setKeptAt] = useState<Date>();

  useEffect(() => {
    if (!key) return;
    let live = true;
    const settle = (value: T | undefined) => {
      if (live) setFound({ key, value });
    };
    store.read<T>(key).then(settle, () => settle(undefined));
    return () => {
      live = false;
    };
  }, [store, key]);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const waiting = pending.current;
    pending.current = undefined;
    if (!waiting) return;
    store.write(waiting.key, waiting.value).then(
      () => mounted.current && setKeptAt(new Date()),
      () => undefined
    );
  }, [store]);

  useEffect(() => {
    mounted.current = true;
    const hidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    // beforeunload comes first, while the leave question (if any) holds the page: the write started
    // there has the time to commit before the page goes.
    window.addEventListener('beforeunload', flush);
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('beforeunload', flush);
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', hidden);
      mounted.current = false;
      flush();
    };
  }, [flush]);

  const ready = !key || found?.key === key;
  const restored = found && found.key === key ? found.value : undefined;
  const unsaved = edited || restored !== undefined;
  useLayoutEffect(() => {
    unsavedNow.current = unsaved;
  }, [unsaved]);

  const keep = useCallback(
    (value: T) => {
      if (!key) return;
      pending.current = { key, value };
      unsavedNow.current = true;
      setEdited(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, DRAFT_DELAY_MS);
    },
    [key, flush]
  );

  const remove = useCallback(async () => {
    clearTimeout(timer.current);
    pending.current = undefined;
    unsavedNow.current = false;
    setEdited(false);
    setKeptAt(undefined);
    if (!key) return;
    setFound({ key, value: undefined });
    await store.remove(key).catch(() => undefined);
  }, [key, store]);

  const discard = useCallback(() => {
    void remove();
    setRound((value) => value + 1);
  }, [remove]);

  const isUnsaved = useCallback(() => unsavedNow.current, []);

  return useMemo(
    () => ({ ready, restored, round, unsaved, keptAt, isUnsaved, keep, remove, discard }),
    [ready, restored, round, unsaved, keptAt, isUnsaved, keep, remove, discard]
  );
}
