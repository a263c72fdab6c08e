/**
 * The one-time import of a PGlite data directory (DATA_DIR/pglite, the embedded database before
 * issue 14) into the PostgreSQL database the server now runs on.
 */
export interface PgliteImportResult {
  tables: number;
  rows: number;
  movedTo: string;
  ms: number;
}

/** Imports DATA_DIR/pglite into the database at `url` once; null when there is nothing to import. */
export async function importPgliteIfPresent(dataDir: string, url: string, log: (msg: string) => void): Promise<PgliteImportResult | null> {
  void dataDir;
  void url;
  void log;
  throw new Error('importPgliteIfPresent: not implemented yet');
}
