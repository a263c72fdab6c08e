import { afterEach, vi } from 'vitest';

// An unexpected console.error in a test is a bug we have not noticed yet: fail loudly.
const errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

afterEach(() => {
  const seen = errors.splice(0);
  if (seen.length > 0) {
    throw new Error(
      `Unexpected console.error during the test:\n${seen.map((a) => a.map(String).join(' ')).join('\n')}`,
    );
  }
  vi.restoreAllMocks();
});
