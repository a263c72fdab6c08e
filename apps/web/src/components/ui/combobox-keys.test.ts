import { describe, expect, it } from 'vitest';
import { activeAfterChange, comboboxKey, PAGE_JUMP, type ComboboxKeyState } from './combobox-keys';

const state = (over: Partial<ComboboxKeyState> = {}): ComboboxKeyState => ({
  open: true,
  activeIndex: -1,
  count: 5,
  hasMore: false,
  ...over,
});

describe('comboboxKey (WAI-ARIA APG editable combobox)', () => {
  it('ArrowDown on a closed list opens it without highlighting', () => {
    expect(comboboxKey('ArrowDown', state({ open: false }))).toEqual({
      kind: 'move',
      open: true,
      activeIndex: -1,
      loadMore: false,
    });
    expect(comboboxKey('ArrowUp', state({ open: false }))).toEqual({
      kind: 'move',
      open: true,
      activeIndex: -1,
      loadMore: false,
    });
  });

  it('Alt+ArrowDown only opens, even on an open list', () => {
    expect(comboboxKey('ArrowDown', state({ activeIndex: 2 }), { alt: true })).toEqual({
      kind: 'move',
      open: true,
      activeIndex: 2,
      loadMore: false,
    });
  });

  it('ArrowDown walks the options from the first and stops at the last loaded one', () => {
    let s = state();
    const seen: number[] = [];
    for (let i = 0; i < 7; i++) {
      const result = comboboxKey('ArrowDown', s);
      if (result.kind !== 'move') throw new Error(result.kind);
      expect(result.loadMore).toBe(false);
      seen.push(result.activeIndex);
      s = { ...s, activeIndex: result.activeIndex };
    }
    expect(seen).toEqual([0, 1, 2, 3, 4, 4, 4]);
  });

  it('ArrowDown onto the last loaded option asks for the next page when the server has one', () => {
    expect(comboboxKey('ArrowDown', state({ activeIndex: 3, hasMore: true }))).toEqual({
      kind: 'move',
      open: true,
      activeIndex: 4,
      loadMore: true,
    });
    expect(comboboxKey('ArrowDown', state({ activeIndex: 4, hasMore: true }))).toEqual({
      kind: 'move',
      open: true,
      activeIndex: 4,
      loadMore: true,
    });
    expect(comboboxKey('ArrowDown', state({ activeIndex: 2, hasMore: true }))).toMatchObject({
      activeIndex: 3,
      loadMore: false,
    });
  });

  it('ArrowUp walks back and stays on the first option', () => {
    expect(comboboxKey('ArrowUp', state({ activeIndex: 3 }))).toMatchObject({ activeIndex: 2 });
    expect(comboboxKey('ArrowUp', state({ activeIndex: 0 }))).toMatchObject({ activeIndex: 0 });
    expect(comboboxKey('ArrowUp', state({ activeIndex: -1 }))).toMatchObject({ activeIndex: 0 });
  });

  it('arrows on an empty list keep nothing highlighted', () => {
    expect(comboboxKey('ArrowDown', state({ count: 0, hasMore: true }))).toEqual({
      kind: 'move',
      open: true,
      activeIndex: -1,
      loadMore: false,
    });
    expect(comboboxKey('ArrowUp', state({ count: 0 }))).toEqual({
      kind: 'move',
      open: true,
      activeIndex: -1,
      loadMore: false,
    });
  });

  it('PageDown and PageUp jump and clamp; PageDown to the end loads more', () => {
    expect(comboboxKey('PageDown', state({ count: 40, activeIndex: 0 }))).toMatchObject({ activeIndex: PAGE_JUMP });
    expect(comboboxKey('PageDown', state({ count: 12, activeIndex: 5, hasMore: true }))).toMatchObject({
      activeIndex: 11,
      loadMore: true,
    });
    expect(comboboxKey('PageUp', state({ count: 40, activeIndex: 4 }))).toMatchObject({ activeIndex: 0 });
    expect(comboboxKey('PageDown', state({ open: false }))).toEqual({ kind: 'ignore' });
  });

  it('Enter chooses the highlighted option', () => {
    expect(comboboxKey('Enter', state({ activeIndex: 2 }))).toEqual({ kind: 'select', index: 2 });
  });

  it('Enter on an open list without a highlight does nothing (and does not submit the form)', () => {
    expect(comboboxKey('Enter', state({ activeIndex: -1 }))).toEqual({
      kind: 'move',
      open: true,
      activeIndex: -1,
      loadMore: false,
    });
  });

  it('Enter on a closed list is left to the form', () => {
    expect(comboboxKey('Enter', state({ open: false, activeIndex: 2 }))).toEqual({ kind: 'ignore' });
  });

  it('Escape closes an open list and is left to the dialog when the list is closed', () => {
    expect(comboboxKey('Escape', state({ activeIndex: 1 }))).toEqual({ kind: 'close' });
    expect(comboboxKey('Escape', state({ open: false }))).toEqual({ kind: 'ignore' });
  });

  it('other keys (typing, Home, End, Tab) are the text field’s', () => {
    for (const key of ['a', 'Home', 'End', 'Tab', 'Backspace', ' '])
      expect(comboboxKey(key, state({ activeIndex: 1 }))).toEqual({ kind: 'ignore' });
  });
});

describe('activeAfterChange', () => {
  it('keeps the highlight when a page is appended below', () => {
    expect(activeAfterChange(['1', '2', '3'], ['1', '2', '3', '4', '5'], 2)).toBe(2);
  });

  it('drops it when the list is a new search result', () => {
    expect(activeAfterChange(['1', '2', '3'], ['7', '2', '3'], 2)).toBe(-1);
    expect(activeAfterChange(['1', '2', '3'], ['1', '2'], 2)).toBe(-1);
    expect(activeAfterChange(['1'], [], 0)).toBe(-1);
  });

  it('stays without a highlight when there was none', () => {
    expect(activeAfterChange(['1'], ['1'], -1)).toBe(-1);
  });
});
