/**
 * The constraint name when `err` is a PostgreSQL unique violation (23505), else null. Drizzle
 * wraps driver errors, so the cause is checked too.
 */
export function uniqueViolation(err: unknown): string | null {
  for (const e of [err, (err as { cause?: unknown } | undefined)?.cause]) {
    const pgError = e as { code?: string; constraint?: string } | undefined;
    if (pgError?.code === '23505') return pgError.constraint ?? '';
  }
  return null;
}

export type StorageFaultKind = 'full' | 'io';

/** Thrown by the database layer when it refuses a statement to protect the storage (db/client.ts: the embedded cluster's write reserve). */
export class StorageUnavailableError extends Error {
  override name = 'StorageUnavailableError';
  readonly code: string;
  constructor(
    readonly kind: StorageFaultKind,
    message: string,
  ) {
    super(message);
    this.code = kind === 'full' ? 'ENOSPC' : 'EIO';
  }
}

// Node's errno codes and PostgreSQL's SQLSTATEs: disk_full (53100), io_error (58030).
const FULL_CODES = new Set(['ENOSPC', 'EDQUOT', '53100']);
const IO_CODES = new Set(['EIO', 'EROFS', '58030']);

/**
 * Whether `err` (or a cause up the chain: drizzle wraps driver errors) says the storage under the
 * database is full or failing. Some paths report the C library's text without a code (a failed
 * WAL write in PostgreSQL's log line, a file system error), so the message is checked too.
 */
export function storageFault(err: unknown): StorageFaultKind | null {
  for (
    let e = err as { code?: unknown; cause?: unknown; message?: unknown } | undefined, depth = 0;
    e && depth < 5;
    depth++
  ) {
    if (e instanceof StorageUnavailableError) return e.kind;
    const code = typeof e.code === 'string' ? e.code : '';
    const message = typeof e.message === 'string' ? e.message : '';
    if (FULL_CODES.has(code) || /No space left on device|Disk quota exceeded/i.test(message)) return 'full';
    if (IO_CODES.has(code) || /Input\/output error|Read-only file system/i.test(message)) return 'io';
    e = e.cause as typeof e;
  }
  return null;
}

/** The client-facing text of a storage fault: clear, and nothing about paths or files. */
export const STORAGE_FAULT_DETAIL: Record<StorageFaultKind, string> = {
  full: 'The server is out of disk space, so changes cannot be saved right now. Please try again later.',
  io: 'The server cannot read or write its storage right now. Please try again later.',
};
