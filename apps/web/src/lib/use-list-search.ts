import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from './use-debounced-value';

/** Typing settles for this long before a list asks the server. */
export const LIST_SEARCH_DEBOUNCE_MS = 250;

/**
 * The search text of a paged list, kept in the address (?q=) so a reload, the back button or a
 * shared link keeps it. `text` follows every keystroke; `query` is what the server is asked, once
 * the typing has settled.
 */
export function useListSearch() {
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get('q') ?? '';
  const [text, setText] = useState(fromUrl);
  const query = useDebouncedValue(text.trim(), LIST_SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    if (query === fromUrl) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (query) next.set('q', query);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [query, fromUrl, setParams]);

  return {
    text,
    setText,
    query,
    /** The typed text is not what the server was asked yet. */
    settling: query !== text.trim(),
  };
}
