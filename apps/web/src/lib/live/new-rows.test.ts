import { describe, expect, it } from 'vitest';
import { newRowsAbove } from './new-rows';

describe("the activity list's 'N new' count (issue 31)", () => {
  it('counts the rows above the one last seen at the top', () => {
    expect(newRowsAbove([9, 8, 7, 6], 7)).toBe(2);
    expect(newRowsAbove([9, 8, 7, 6], 9)).toBe(0);
  });

  it('counts none before anything was seen, or when the row seen is gone (another filter)', () => {
    expect(newRowsAbove([9, 8], null)).toBe(0);
    expect(newRowsAbove([9, 8], 3)).toBe(0);
  });
});
