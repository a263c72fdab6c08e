import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * A full garbage collection on demand, for work that allocates in proportion to the data it
 * streams (the CSV export, decision 0031).
 *
 * Why: a part of every batch the export reads is alive when a scavenge runs and is promoted to
 * V8's old space (about 330 bytes per exported row, measured), which only a full collection frees.
 * V8 starts one when the old space has grown by a factor of its live size, so a 1M-row export
 * left ~170 MB of promoted garbage in the resident memory before the first one came. Collecting
 * every so many rows keeps that bounded whatever the size of the export.
 *
 * `gc` is not exposed without `--expose-gc`; the flag is switched on just long enough to take the
 * function from a fresh context and switched off again, as jest-leak-detector does, so no other
 * code sees a global `gc`. Where that is not possible the collection is skipped (returns false):
 * the export still works, it only uses more memory.
 */
type Collect = () => void;

let collect: Collect | null | undefined;

function load(): Collect | null {
  const exposed = (globalThis as { gc?: unknown }).gc;
  if (typeof exposed === 'function') return exposed as Collect;
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc: unknown = vm.runInNewContext('gc');
    return typeof gc === 'function' ? (gc as Collect) : null;
  } catch {
    return null;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
}

/** Runs a full (mark-compact) collection; false when this runtime offers none. */
export function collectGarbage(): boolean {
  if (collect === undefined) collect = load();
  if (!collect) return false;
  collect();
  return true;
}
