/**
 * What the command-line programs share (the admin CLI, src/cli.ts, and backup/restore,
 * ops/backup-cli.ts): exit codes, the error that carries one, usage errors, help, the server's
 * configuration, and the run that turns the outcome into an exit code. Each program keeps its own
 * commands, usage text and argument rules.
 */
import { ConfigError, loadConfig, type Config } from '../config';

/** sysexits(3) codes, as the server (main.ts) uses them too. */
export const EXIT = {
  ok: 0,
  failure: 1,
  usage: 64,
  data: 65,
  noInput: 66,
  noUser: 67,
  cantCreate: 73,
  locked: 75,
  config: 78,
} as const;

/** A refusal the user can act on: its message alone goes to stderr and the program exits with `code`. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

/** Wrong arguments: the message, then the usage text, exit 64. */
export const usageError = (message: string, usage: string) => new CliError(`${message}\n\n${usage}`, EXIT.usage);

export const wantsHelp = (argv: string[]) => argv.includes('--help') || argv.includes('-h');

/** The server's configuration; a bad setting is a refusal with exit 78, as the server's own. */
export function cliConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) throw new CliError(err.message, EXIT.config);
    throw err;
  }
}

/**
 * Runs `main` on the command line's arguments and exits with its code; a CliError prints its
 * message, anything else `tokendesk <name> failed:` and the error, exit 1.
 */
export function runProgram(name: string, main: (argv: string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      if (err instanceof CliError) {
        console.error(err.message);
        process.exit(err.code);
      }
      console.error(`tokendesk ${name} failed:`, err);
      process.exit(EXIT.failure);
    },
  );
}
