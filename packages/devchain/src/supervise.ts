import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

/**
 * Runs a program in the background and ties its life to our stdin: when the parent closes the pipe
 * — stop(), or the parent dying in any way, SIGKILL included — the program gets `stopSignal`. The
 * first line the shell prints is the program's pid. The devnet's anvil (SIGTERM: it writes its
 * state file) and the embedded PostgreSQL (SIGINT: a fast shutdown) both run under it; it lives
 * here, in the package the server already depends on, so that one copy serves both (decision 0084).
 *
 * $1 the log file, $2 1 to append to it, $3 the stop signal's name, then the command.
 */
const SUPERVISOR = `
log=$1; append=$2; sig=$3; shift 3
exec 3<&0 </dev/null
if [ "$append" = 1 ]; then "$@" >>"$log" 2>&1 & else "$@" >"$log" 2>&1 & fi
prog=$!
echo "$prog"
( while read -r _ <&3; do :; done; kill -"$sig" "$prog" 2>/dev/null ) &
watcher=$!
exec 3<&-
trap 'kill -"$sig" "$prog" 2>/dev/null' TERM INT HUP
status=0
while kill -0 "$prog" 2>/dev/null; do wait "$prog"; status=$?; done
kill "$watcher" 2>/dev/null
exit "$status"
`;

export interface SuperviseOptions {
  /** The shell's name in `ps` (its $0). */
  name: string;
  /** Where the program's stdout and stderr go. */
  logPath: string;
  /** Append to the log (PostgreSQL keeps one across starts) instead of truncating it. */
  append?: boolean;
  /** What the program gets when our end of the pipe closes, and when the shell is signalled. */
  stopSignal: 'INT' | 'TERM';
  /** Passed to spawn (env, uid/gid, cwd); stdio and detached are the supervisor's own. */
  spawn?: Omit<SpawnOptions, 'stdio' | 'detached'>;
}

export class SupervisorExitedError extends Error {
  constructor(name: string) {
    super(`${name} exited before reporting a pid`);
    this.name = 'SupervisorExitedError';
  }
}

export interface Supervised {
  /** The shell; its stdin is the pipe that keeps the program alive. */
  child: ChildProcess;
  /** The program's own pid; rejects with SupervisorExitedError, or the spawn error. */
  pid: Promise<number>;
}

export function supervise(command: string, args: string[], options: SuperviseOptions): Supervised {
  const child = spawn(
    '/bin/sh',
    ['-c', SUPERVISOR, options.name, options.logPath, options.append ? '1' : '0', options.stopSignal, command, ...args],
    {
      ...options.spawn,
      stdio: ['pipe', 'pipe', 'inherit'],
      // Its own process group: a Ctrl-C in the terminal reaches the server, which stops the program
      // after what depends on it, instead of reaching the program directly.
      detached: true,
    },
  );
  const pid = new Promise<number>((resolve, reject) => {
    let buffered = '';
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      buffered += chunk;
      const line = buffered.split('\n')[0];
      if (buffered.includes('\n') && line) resolve(Number(line));
    });
    child.once('error', reject);
    // 'close', not 'exit': 'exit' can come before the last of stdout is read, and a program that
    // ends at once (its pid line already written) was then reported as never having started.
    child.once('close', () => reject(new SupervisorExitedError(options.name)));
  });
  return { child, pid };
}
