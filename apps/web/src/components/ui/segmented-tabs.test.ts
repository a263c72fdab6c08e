import { describe, expect, it } from 'vitest';
import { tabKeyTarget } from './segmented-tabs';

describe('tabKeyTarget (WAI-ARIA tabs keys)', () => {
  it('arrows move one way or the other and wrap at both ends', () => {
    expect(tabKeyTarget('ArrowRight', 0, 3)).toBe(1);
    expect(tabKeyTarget('ArrowRight', 2, 3)).toBe(0);
    expect(tabKeyTarget('ArrowLeft', 1, 3)).toBe(0);
    expect(tabKeyTarget('ArrowLeft', 0, 3)).toBe(2);
  });
  it('Home and End go to the first and the last', () => {
    expect(tabKeyTarget('Home', 2, 4)).toBe(0);
    expect(tabKeyTarget('End', 0, 4)).toBe(3);
  });
  it("other keys are not the tablist's (Tab leaves it, Enter and Space press the focused tab)", () => {
    for (const key of ['Tab', 'Enter', ' ', 'ArrowUp', 'ArrowDown', 'a']) expect(tabKeyTarget(key, 1, 3)).toBeNull();
  });
});
