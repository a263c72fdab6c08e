/**
 * Administration from the command line (docs/support-staff.md).
 *
 *   npm run cli -w @tokendesk/server -- create-staff <username> <email> [--generate]
 *   npm run cli -w @tokendesk/server -- promote <username>
 *   npm run cli -w @tokendesk/server -- demote <username>
 *   npm run cli -w @tokendesk/server -- reset-password <username> [--generate]
 *   npm run cli -w @tokendesk/server -- reset-link <username or email>
 *
 * Passwords are never taken from the command line (it shows in `ps` and shell history): they are
 * read from stdin — a hidden prompt on a terminal, or the first line of a pipe — or, with
 * --generate, made up and printed once.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { accountMessages, registerBodySchema } from '@tokendesk/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { AuthService } from './auth/auth-service';
import { findUserByUsername } from './auth/users-repository';
import type { Config } from './config';
import { databaseTarget, embeddedClusterDir, openDatabase, type Database } from './db/client';
import { runningClusterUrl } from './db/embedded-postgres';
import { DataDirLockedError } from './db/data-dir-lock';
import { uniqueViolation } from './db/errors';
import { users } from './db/schema';
import { findUserByLogin, issueResetLink } from './features/account/issued-reset-links';
import { isCommonPassword } from './lib/passwords';
import { CliError, cliConfig, EXIT, runProgram, usageError, wantsHelp } from './ops/cli-scaffold';

const USAGE = `Usage: npm run cli -w @tokendesk/server -- <command>

Commands:
  create-staff <username> <email> [--generate]   Create a support staff account
  promote <username>                             Make an existing user support staff
  demote <username>                              Take staff rights away from a user
  reset-password <username> [--generate]         Set a new password; signs the user out everywhere
  reset-link <username or email>                 Print a one-time password-reset link (30 minutes)
                                                 for the user to choose a new password themselves

The password is read from stdin (a hidden prompt on a terminal, or the first line of a pipe);
--generate prints a random one-time password instead, which the account must replace when it
signs in. Never pass a password as an argument.
Uses the server's configuration (DATA_DIR or DATABASE_URL). While a server runs on DATA_DIR, the
command goes to that server's embedded PostgreSQL through its socket.`;

const { shape } = registerBodySchema;

function check<T extends z.ZodType>(schema: T, value: string, what: string): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success)
    throw new CliError(`Invalid ${what}: ${result.error.issues[0]?.message ?? 'invalid'}`, EXIT.data);
  return result.data;
}

function checkPassword(password: string): string {
  check(shape.password, password, 'password');
  if (isCommonPassword(password))
    throw new CliError(`Invalid password: ${accountMessages.passwordTooCommon}`, EXIT.data);
  return password;
}

/** 24 characters of base64url: 144 random bits. */
const generatePassword = () => randomBytes(18).toString('base64url');

/** Keys typed ahead of the next prompt (a fast typist or a paste may send both lines at once). */
let typedAhead: string[] = [];

/** Reads one line from the terminal without echoing it. */
function promptHidden(prompt: string): Promise<string> {
  const stdin = process.stdin;
  process.stderr.write(prompt);
  return new Promise((resolve, reject) => {
    let value: string[] = [];
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
    };
    const consume = (chars: string[]) => {
      for (let i = 0; i < chars.length; i++) {
        const ch = chars[i]!;
        if (ch === '\r' || ch === '\n') {
          typedAhead = chars.slice(i + 1);
          finish();
          resolve(value.join(''));
          return;
        }
        if (ch === '\u0003' || ch === '\u0004') {
          finish();
          reject(new CliError('Cancelled.', EXIT.failure));
          return;
        }
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else value.push(ch);
      }
    };
    const onData = (chunk: string) => consume(Array.from(chunk));
    stdin.setRawMode(true);
    stdin.setEncoding('utf8');
    stdin.on('data', onData);
    stdin.resume();
    const ahead = typedAhead;
    typedAhead = [];
    consume(ahead);
  });
}

async function readPipedLine(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  // Only the line ending is removed: a password is used exactly as typed.
  return text.split(/\r?\n/)[0] ?? '';
}

/** The new password: generated and printed, prompted twice on a terminal, or the first piped line. */
async function newPassword(generate: boolean): Promise<{ password: string; generated: boolean }> {
  if (generate) return { password: generatePassword(), generated: true };
  if (process.stdin.isTTY) {
    const first = await promptHidden('New password: ');
    checkPassword(first);
    const second = await promptHidden('Repeat the password: ');
    if (first !== second) throw new CliError(`Invalid password: ${accountMessages.passwordsDoNotMatch}`, EXIT.data);
    return { password: first, generated: false };
  }
  const piped = await readPipedLine();
  if (piped === '')
    throw new CliError('No password on stdin. Pipe one in, type it at the prompt, or use --generate.', EXIT.usage);
  return { password: checkPassword(piped), generated: false };
}

async function withDatabase<T>(config: Config, run: (database: Database) => Promise<T>): Promise<T> {
  let database: Database;
  try {
    database = await openDatabase(databaseTarget(config));
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      // A running server holds the data directory: its embedded PostgreSQL takes more than one
      // client, so the command goes through the cluster's socket with its password file.
      const url = config.DATABASE_URL ? null : runningClusterUrl(embeddedClusterDir(config.DATA_DIR));
      const running = url ? await openDatabase({ kind: 'postgres', url }).catch(() => null) : null;
      if (!running) {
        throw new CliError(
          `${err.message}\nIts database could not be reached through its socket (is it still starting?): stop the server, run this command, then start the server again.`,
          EXIT.locked,
        );
      }
      database = running;
    } else {
      throw err;
    }
  }
  try {
    return await run(database);
  } finally {
    await database.close();
  }
}

async function requireUser(database: Database, username: string) {
  const user = await findUserByUsername(database.db, username);
  if (!user) throw new CliError(`No user named '${username}'.`, EXIT.noUser);
  return user;
}

/** Who ran the command, for the audit trail: the OS user, and the one behind sudo if any. */
function osUser(): string {
  let name: string;
  try {
    name = os.userInfo().username;
  } catch {
    name = process.env.USER ?? 'unknown';
  }
  const sudo = process.env.SUDO_USER;
  return sudo && sudo !== name ? `${name} (sudo from ${sudo})` : name;
}

function printOneTime(username: string, password: string): void {
  console.log(
    `One-time password for ${username} (shown only now; they are asked to choose their own when they sign in):\n${password}`,
  );
}

async function main(argv: string[]): Promise<number> {
  const generate = argv.includes('--generate');
  const unknownFlag = argv.find((a) => a.startsWith('-') && a !== '--generate');
  const args = argv.filter((a) => !a.startsWith('-'));
  const [command, ...rest] = args;
  if (!command || command === 'help' || wantsHelp(argv)) {
    console.log(USAGE);
    return command || argv.length > 0 ? EXIT.ok : EXIT.usage;
  }
  if (unknownFlag) throw usageError(`Unknown option ${unknownFlag}.`, USAGE);
  const arity: Record<string, number> = {
    'create-staff': 2,
    promote: 1,
    demote: 1,
    'reset-password': 1,
    'reset-link': 1,
  };
  const expected = arity[command];
  if (expected === undefined) throw usageError(`Unknown command '${command}'.`, USAGE);
  if (rest.length !== expected) {
    const takes =
      command === 'reset-link' ? '<username or email>' : expected === 1 ? '<username>' : '<username> <email>';
    throw usageError(`'${command}' takes ${takes}.`, USAGE);
  }
  if (generate && command !== 'create-staff' && command !== 'reset-password')
    throw new CliError(`'${command}' takes no --generate.`, EXIT.usage);

  const config = cliConfig();

  switch (command) {
    case 'create-staff': {
      const username = check(shape.username, rest[0]!, 'username');
      const email = check(shape.email, rest[1]!, 'email');
      const { password, generated } = await newPassword(generate);
      await withDatabase(config, async (database) => {
        const auth = new AuthService(database.db, config);
        const passwordHash = await auth.hashPassword(password);
        try {
          // The operator vouches for the address of an account they make (decision 0039).
          // A generated password was printed for the operator to pass on: the account must choose its
          // own at its first sign-in (issue 35). A typed one is the operator's own choice (often for
          // themselves) and stands.
          await database.db.insert(users).values({
            username,
            email,
            passwordHash,
            isStaff: true,
            emailVerifiedAt: new Date(),
            passwordChangeRequired: generated,
          });
        } catch (err) {
          const constraint = uniqueViolation(err);
          if (constraint === null) throw err;
          throw new CliError(
            constraint.includes('email') ? accountMessages.emailTaken : accountMessages.usernameTaken,
            EXIT.failure,
          );
        }
      });
      console.log(`Created staff account '${username}' <${email}>.`);
      if (generated) printOneTime(username, password);
      return EXIT.ok;
    }
    case 'promote':
    case 'demote': {
      const isStaff = command === 'promote';
      const name = await withDatabase(config, async (database) => {
        const user = await requireUser(database, rest[0]!);
        await database.db.update(users).set({ isStaff, updatedAt: new Date() }).where(eq(users.id, user.id));
        return user.username;
      });
      console.log(isStaff ? `'${name}' is now support staff.` : `'${name}' is no longer support staff.`);
      return EXIT.ok;
    }
    case 'reset-password': {
      const username = rest[0]!;
      const { password, generated } = await newPassword(generate);
      const name = await withDatabase(config, async (database) => {
        const user = await requireUser(database, username);
        // The auth service's own path: new hash, credential version bumped, every session revoked.
        await new AuthService(database.db, config).setPassword(user.id, password, { byOperator: generated });
        return user.username;
      });
      console.log(`Password of '${name}' reset; every session of theirs was signed out.`);
      if (generated) printOneTime(name, password);
      return EXIT.ok;
    }
    case 'reset-link': {
      const login = rest[0]!;
      const issued = await withDatabase(config, async (database) => {
        const user = await findUserByLogin(database.db, login);
        if (!user) throw new CliError(`No user has the username or e-mail address '${login}'.`, EXIT.noUser);
        const link = await issueResetLink(database.db, {
          user,
          issuer: { kind: 'cli', osUser: osUser() },
          publicUrl: config.PUBLIC_URL,
          now: new Date(),
        });
        return { ...link, username: user.username };
      });
      // stdout only, once: the server never sees the token, so no log of it can hold the link.
      console.log(
        `One-time password-reset link for '${issued.username}' (shown only now; it works once and expires at ${issued.expiresAt.toISOString()}, in 30 minutes):\n` +
          `${issued.url}\n` +
          "Give it only to the account's owner: whoever opens it can set the password. Using it signs the account out everywhere.",
      );
      return EXIT.ok;
    }
    default:
      throw new CliError(`Unknown command '${command}'.`, EXIT.usage);
  }
}

runProgram('cli', main);
