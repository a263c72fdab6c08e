/**
 * Cleanup that must run even when a bench is interrupted (Ctrl-C, SIGTERM): the throwaway
 * PostgreSQL, server processes and devnets it started would otherwise outlive it.
 */
const tasks = new Set<() => Promise<void>>();
let installed = false;

/** Runs `task` if the process is interrupted; the returned function forgets it again. */
export function onInterrupt(task: () => Promise<void>): () => void {
  if (!installed) {
    installed = true;
    for (const [signal, code] of [
      ['SIGINT', 130],
      ['SIGTERM', 143],
    ] as const) {
      process.once(signal, () => {
        console.error(`\n${signal}: stopping what this bench started…`);
        void (async () => {
          // Last started, first stopped: a server before its database, the devnet before its directory.
          for (const task of [...tasks].reverse()) await task().catch(() => {});
          process.exit(code);
        })();
      });
    }
  }
  tasks.add(task);
  return () => tasks.delete(task);
}
