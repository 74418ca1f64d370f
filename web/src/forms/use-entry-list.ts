import { useCallback, useMemo, useState } from 'react';
import { failureText } from '../api/api-error';
import { SaveError } from '../api/profile';
import { toaster } from '../ui/toaster';
import { errorsByEntry, type FieldError } from './entry-errors';

/** An entry of a list builder: `uid` keeps it apart for React and drag and drop while it moves. */
export interface ListEntry {
  uid: string;
}

let created = 0;
/** A uid for an entry added in this page (never sent: the server gives the id). */
export function newUid(): string {
  created += 1;
  return `new-${created}-${Date.now().toString(36)}`;
}

/** The list with the entry at `from` moved to `to` (both clamped to the list). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from === target || from < 0 || from >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item);
  return next;
}

export interface EntryListOptions<TEntry extends ListEntry, TBody, TSaved> {
  /** The stored entries the builder starts from. */
  initial: () => TEntry[];
  /**
   * What an entry sends: the list saved, and what "Unsaved changes" compares with the stored list.
   * A pure function defined once (module level): the bodies are recomputed when the entries change.
   */
  bodyOf: (entry: TEntry) => TBody;
  /** Where the server's errors name the list (`requirements.{n}.{field}`): the builder shows them under their entry. */
  listPath: string;
  /**
   * The problems of one entry, checked before anything is sent (the served editor form's own
   * validator), with the banner's sentence when there are some. Without it the server alone judges.
   */
  check?: { problemsOf: (entry: TEntry) => FieldError[]; notice: string };
  save: (bodies: TBody[]) => Promise<TSaved>;
  /** The entries of what the server stored (with their ids). */
  entriesOf: (saved: TSaved) => TEntry[];
  /** The caches to update with what the server stored. */
  onSaved: (saved: TSaved) => void;
  /** The toast after a save. */
  savedTitle: string;
  /** The first entry that needs attention after a refused save (a builder that shows one entry at a time opens it). */
  onAttention?: (uid: string) => void;
  /** After a save, the entries before and after (same order): a builder keeps its own state per entry across the new uids. */
  onReplaced?: (before: readonly TEntry[], after: readonly TEntry[]) => void;
}

/**
 * The state of a list builder (docs/architecture.md, "The web app"): the entries, adding, changing,
 * moving and removing one, the errors per entry, whether the list differs from the stored one,
 * and the save (checked here first where the entries' form allows, then judged by the server).
 */
export function useEntryList<TEntry extends ListEntry, TBody, TSaved>(options: EntryListOptions<TEntry, TBody, TSaved>) {
  const { initial, bodyOf, listPath, check } = options;
  const [entries, setEntries] = useState<TEntry[]>(initial);
  const [savedBodies, setSavedBodies] = useState(() => JSON.stringify(entries.map(bodyOf)));
  const [errors, setErrors] = useState<Record<string, FieldError[]>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  // eslint-disable-next-line react-hooks/exhaustive-deps -- bodyOf is pure and defined once.
  const bodies = useMemo(() => entries.map(bodyOf), [entries]);
  const dirty = JSON.stringify(bodies) !== savedBodies;
  // Entries checked here may be saved again unchanged, to check them again.
  const canSave = dirty || (check !== undefined && Object.keys(errors).length > 0);

  const add = useCallback((entry: TEntry) => setEntries((current) => [...current, entry]), []);
  const update = useCallback((uid: string, change: (entry: TEntry) => TEntry) => {
    setEntries((current) => current.map((entry) => (entry.uid === uid ? change(entry) : entry)));
  }, []);
  const move = useCallback((uid: string, by: number) => {
    setEntries((current) => {
      const from = current.findIndex((entry) => entry.uid === uid);
      return moved(current, from, from + by);
    });
  }, []);
  const moveOnto = useCallback((uid: string, overUid: string) => {
    setEntries((current) => moved(current, current.findIndex((entry) => entry.uid === uid), current.findIndex((entry) => entry.uid === overUid)));
  }, []);
  const remove = useCallback((uid: string) => {
    setEntries((current) => current.filter((entry) => entry.uid !== uid));
    setErrors(({ [uid]: _gone, ...rest }) => rest);
  }, []);

  function refused(error: unknown) {
    if (!(error instanceof SaveError && error.fieldErrors.length)) {
      setNotice(failureText(error));
      return;
    }
    const { byUid, general } = errorsByEntry(error.fieldErrors, listPath, entries);
    setErrors(byUid);
    const first = entries.find((entry) => byUid[entry.uid]);
    if (first) options.onAttention?.(first.uid);
    setNotice(general.length ? general.map((problem) => problem.message).join(' ') : failureText(error));
  }

  async function save() {
    setNotice(null);
    const found = check ? problemsByUid(entries, check.problemsOf) : {};
    setErrors(found);
    const firstInvalid = entries.find((entry) => found[entry.uid]);
    if (check && firstInvalid) {
      options.onAttention?.(firstInvalid.uid);
      setNotice(check.notice);
      return;
    }
    setSaving(true);
    try {
      const saved = await options.save(bodies);
      const next = options.entriesOf(saved);
      setEntries(next);
      options.onReplaced?.(entries, next);
      setSavedBodies(JSON.stringify(next.map(bodyOf)));
      options.onSaved(saved);
      toaster.create({ type: 'success', title: options.savedTitle });
    } catch (error) {
      refused(error);
    } finally {
      setSaving(false);
    }
  }

  return { entries, bodies, errors, notice, saving, dirty, canSave, add, update, move, moveOnto, remove, save };
}

/** What the builder's frame shows of the list (EntryListBuilder). */
export type EntryListState = Pick<ReturnType<typeof useEntryList>, 'entries' | 'notice' | 'saving' | 'dirty' | 'canSave' | 'save'>;

function problemsByUid<TEntry extends ListEntry>(entries: readonly TEntry[], problemsOf: (entry: TEntry) => FieldError[]): Record<string, FieldError[]> {
  const found: Record<string, FieldError[]> = {};
  for (const entry of entries) {
    const problems = problemsOf(entry);
    if (problems.length) found[entry.uid] = problems;
  }
  return found;
}
