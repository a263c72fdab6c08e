import { describe, expect, it } from 'vitest';
import { inChunks } from './store';

describe('inChunks', () => {
  it('writes every row once, in order, at most `size` per statement, and joins what the writes answer', async () => {
    const seen: number[][] = [];
    const rows = Array.from({ length: 2_501 }, (_, i) => i);
    const answered = await inChunks(rows, 1_000, async (chunk) => {
      seen.push(chunk);
      return chunk.filter((n) => n % 1_000 === 0);
    });
    expect(seen.map((c) => c.length)).toEqual([1_000, 1_000, 501]);
    expect(seen.flat()).toEqual(rows);
    expect(answered).toEqual([0, 1_000, 2_000]);
  });

  it('sends nothing for no rows (an empty insert is an error in PostgreSQL)', async () => {
    let calls = 0;
    expect(await inChunks([], 1_000, async () => void calls++)).toEqual([]);
    expect(calls).toBe(0);
  });
});
