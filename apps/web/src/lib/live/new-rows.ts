import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/**
 * How many rows of a newest-first list arrived above the one the user last saw at the top: the
 * 'N new' marker (issue 31). `seenTopId` null (nothing seen yet) or gone from the list (a filter
 * changed, the page was cut) counts none: those rows are not news.
 */
export function newRowsAbove(ids: readonly number[], seenTopId: number | null): number {
  if (seenTopId === null) return 0;
  const index = ids.indexOf(seenTopId);
  return index === -1 ? 0 : index;
}

/** Within this many px of the list's top, the user sees new rows arrive and no marker is needed. */
const AT_TOP_PX = 48;

interface Anchor {
  id: string;
  top: number;
}

/**
 * Rows that come in at the top of a live list (issue 31) must not move what the user is reading or
 * has focused: the row at the reading position (or the focused row) keeps its place on screen, the
 * page is scrolled by the height of what came in above it (a no-op where the browser's scroll
 * anchoring already did so). Returns the count of rows the user has not seen yet and a function
 * that scrolls back up to them.
 */
export function useLiveListRows(listRef: RefObject<HTMLElement | null>, ids: readonly number[]) {
  const [seenTopId, setSeenTopId] = useState<number | null>(null);
  const anchor = useRef<Anchor | null>(null);
  const topId = ids[0] ?? null;

  const listTopOnScreen = useCallback(() => {
    const list = listRef.current;
    return list ? list.getBoundingClientRect().top : 0;
  }, [listRef]);

  const stickyTop = useCallback(() => {
    const header = document.querySelector('header');
    return header ? header.getBoundingClientRect().bottom : 0;
  }, []);

  const remember = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const focused = document.activeElement?.closest<HTMLElement>('[data-row-id]');
    const rows = list.querySelectorAll<HTMLElement>('[data-row-id]');
    const limit = stickyTop();
    let row: HTMLElement | null = focused && list.contains(focused) ? focused : null;
    if (!row)
      for (const candidate of rows)
        if (candidate.getBoundingClientRect().bottom > limit) {
          row = candidate;
          break;
        }
    anchor.current = row ? { id: row.dataset.rowId ?? '', top: row.getBoundingClientRect().top } : null;
  }, [listRef, stickyTop]);

  const atTop = useCallback(() => listTopOnScreen() >= stickyTop() - AT_TOP_PX, [listTopOnScreen, stickyTop]);

  // The browser's own scroll anchoring (not in Safari) would move the page too, before or after this
  // hook does: off while a live list is on screen, so the correction below is the only one.
  useEffect(() => {
    const root = document.documentElement;
    const before = root.style.overflowAnchor;
    root.style.overflowAnchor = 'none';
    return () => void (root.style.overflowAnchor = before);
  }, []);

  // After new rows render: put the anchor row back where it was, then remember the new position.
  useLayoutEffect(() => {
    const list = listRef.current;
    const previous = anchor.current;
    if (list && previous && !atTop()) {
      const row = list.querySelector<HTMLElement>(`[data-row-id="${CSS.escape(previous.id)}"]`);
      const delta = row ? row.getBoundingClientRect().top - previous.top : 0;
      if (delta !== 0) window.scrollBy(0, delta);
    }
    remember();
  }, [ids, listRef, atTop, remember]);

  // What is at the top while the user is there counts as seen.
  useEffect(() => {
    if (topId === null) return;
    if (seenTopId === null || atTop()) setSeenTopId(topId);
  }, [topId, seenTopId, atTop]);

  useEffect(() => {
    const onScroll = () => {
      remember();
      if (atTop() && topId !== null) setSeenTopId(topId);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [remember, atTop, topId]);

  const showNew = useCallback(() => {
    const list = listRef.current;
    if (topId !== null) setSeenTopId(topId);
    list?.scrollIntoView({
      block: 'start',
      behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
    });
  }, [listRef, topId]);

  return { newCount: newRowsAbove(ids, seenTopId), showNew };
}
