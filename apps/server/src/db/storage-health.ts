import type { StorageFaultKind } from './errors';

export type StorageState = 'ok' | StorageFaultKind;

/** Where the tracker writes its two lines per incident; the app's logger once it exists. */
export interface StorageLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export interface StorageSnapshot {
  state: StorageState;
  since: Date | null;
  lastError: string | null;
  /** Statements or requests refused or failed for a storage fault since the process started, by kind. */
  errors: Record<StorageFaultKind, number>;
}

/**
 * The storage state of one database: what /ready reports, what /metrics counts. A disk that fills
 * fails every write for as long as it stays full, so the log gets one line when the state turns
 * bad and one when it recovers (with the count in between), never one per request.
 */
export class StorageHealth {
  /**
   * clearAfterMs: for a database whose disk we cannot look at (an external PostgreSQL), the state
   * returns to ok this long after its last fault; a write that still fails sets it again.
   */
  constructor(private readonly options: { clearAfterMs?: number } = {}) {}

  #lastFaultAt = 0;
  #state: StorageState = 'ok';
  #since: Date | null = null;
  #lastError: string | null = null;
  #inIncident = 0;
  readonly #errors: Record<StorageFaultKind, number> = { full: 0, io: 0 };
  #log: StorageLog | null = null;
  /** Lines logged before a logger was attached (a fault during start-up) go to the console. */
  readonly #fallback: StorageLog = {
    warn: (obj, msg) => console.warn(msg, obj),
    info: (obj, msg) => console.log(msg, obj),
  };

  attachLog(log: StorageLog): void {
    this.#log = log;
  }

  /** A statement or request failed, or was refused, because of the storage. */
  fault(kind: StorageFaultKind, detail: string): void {
    this.#errors[kind]++;
    this.#inIncident++;
    this.#lastError = detail;
    this.#lastFaultAt = Date.now();
    if (this.#state === kind) return;
    const first = this.#state === 'ok';
    this.#state = kind;
    if (first) this.#since = new Date();
    (this.#log ?? this.#fallback).warn(
      { storage: kind, error: detail },
      kind === 'full'
        ? 'storage full: writes answer 503 until space is freed (logged once per incident; tokendesk_storage_errors_total counts them)'
        : 'storage I/O error: requests that need the disk answer 503 until it works again (logged once per incident)',
    );
  }

  /** The storage works again (a probe or a write succeeded). */
  recovered(how: string): void {
    if (this.#state === 'ok') return;
    const seconds = this.#since ? Math.round((Date.now() - this.#since.getTime()) / 1000) : 0;
    (this.#log ?? this.#fallback).info(
      { storage: 'ok', was: this.#state, seconds, failed: this.#inIncident, how },
      'storage recovered',
    );
    this.#state = 'ok';
    this.#since = null;
    this.#inIncident = 0;
  }

  snapshot(): StorageSnapshot {
    const clearAfter = this.options.clearAfterMs;
    if (clearAfter !== undefined && this.#state !== 'ok' && Date.now() - this.#lastFaultAt >= clearAfter) {
      this.recovered(`no storage fault for ${Math.round(clearAfter / 1000)} s`);
    }
    return {
      state: this.#state,
      since: this.#since,
      lastError: this.#state === 'ok' ? null : this.#lastError,
      errors: { ...this.#errors },
    };
  }
}
