/**
 * The keyboard of the searchable select (WAI-ARIA APG, editable combobox with list autocomplete),
 * as a pure function so it is tested without a DOM. Focus stays in the text field; the active option
 * is only pointed at (aria-activedescendant).
 */
export interface ComboboxKeyState {
  open: boolean;
  /** The highlighted option, -1 for none. */
  activeIndex: number;
  /** Options loaded so far. */
  count: number;
  /** The server has another page for the current text. */
  hasMore: boolean;
}

export type ComboboxKeyResult =
  /** Not ours: let the browser (or the dialog around us) have the key. */
  | { kind: 'ignore' }
  | { kind: 'move'; open: true; activeIndex: number; loadMore: boolean }
  | { kind: 'select'; index: number }
  /** Escape with the list open: close it and put the chosen option's label back in the field. */
  | { kind: 'close' };

/** How many options PageUp/PageDown jump. */
export const PAGE_JUMP = 10;

export function comboboxKey(
  key: string,
  state: ComboboxKeyState,
  modifiers: { alt?: boolean } = {},
): ComboboxKeyResult {
  const { open, activeIndex, count, hasMore } = state;
  const last = count - 1;
  switch (key) {
    case 'ArrowDown': {
      // Alt+ArrowDown only opens the list (APG), without moving.
      if (!open || modifiers.alt)
        return { kind: 'move', open: true, activeIndex: open ? activeIndex : -1, loadMore: false };
      if (count === 0) return { kind: 'move', open: true, activeIndex: -1, loadMore: false };
      // No wrap-around past the end: more rows may come from the server, and the last arrow press
      // on the last loaded option asks for them.
      const next = Math.min(activeIndex + 1, last);
      return { kind: 'move', open: true, activeIndex: next, loadMore: hasMore && next >= last };
    }
    case 'ArrowUp': {
      if (!open) return { kind: 'move', open: true, activeIndex: -1, loadMore: false };
      if (count === 0) return { kind: 'move', open: true, activeIndex: -1, loadMore: false };
      return {
        kind: 'move',
        open: true,
        activeIndex: activeIndex <= 0 ? 0 : Math.min(activeIndex - 1, last),
        loadMore: false,
      };
    }
    case 'PageDown': {
      if (!open || count === 0) return { kind: 'ignore' };
      const next = Math.min(Math.max(activeIndex, 0) + PAGE_JUMP, last);
      return { kind: 'move', open: true, activeIndex: next, loadMore: hasMore && next >= last };
    }
    case 'PageUp': {
      if (!open || count === 0) return { kind: 'ignore' };
      return { kind: 'move', open: true, activeIndex: Math.max(activeIndex - PAGE_JUMP, 0), loadMore: false };
    }
    case 'Enter':
      // Enter without a highlighted option does nothing here (and must not submit the form while
      // the list is open: the user is choosing, not done).
      if (!open) return { kind: 'ignore' };
      if (activeIndex >= 0 && activeIndex < count) return { kind: 'select', index: activeIndex };
      return { kind: 'move', open: true, activeIndex, loadMore: false };
    case 'Escape':
      return open ? { kind: 'close' } : { kind: 'ignore' };
    default:
      return { kind: 'ignore' };
  }
}

/**
 * The index to keep highlighted when the options change. A new page appended below keeps the
 * highlighted option (same key at the same index); a new search result starts without one.
 */
export function activeAfterChange(
  previousKeys: readonly (string | number)[],
  nextKeys: readonly (string | number)[],
  activeIndex: number,
): number {
  if (activeIndex < 0 || activeIndex >= previousKeys.length || nextKeys.length < previousKeys.length) return -1;
  // Appended means every earlier option is still where it was.
  return previousKeys.every((key, index) => nextKeys[index] === key) ? activeIndex : -1;
}
