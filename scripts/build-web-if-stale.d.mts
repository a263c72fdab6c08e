// Types for scripts/build-web-if-stale.mjs, so the server's test can import it type-checked.
export const HASH_FILE: string;
export const WEB_INPUTS: string[];
export function inputFiles(root: string, inputs?: string[]): string[];
export function inputsHash(root: string, inputs?: string[], env?: Record<string, string | undefined>): string;
export function isStale(distDir: string, hash: string): boolean;
export function buildIfStale(opts: {
  root: string;
  distDir: string;
  build: () => void;
  inputs?: string[];
  env?: Record<string, string | undefined>;
}): boolean;
