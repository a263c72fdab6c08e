import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';

/**
 * A component as its first render would show it, for wording and states without a browser: a
 * router at `path` and a query client holding `cache` (query key → answer), so no request is made.
 */
export function renderStatic(
  element: ReactElement,
  options: { path?: string; cache?: [readonly unknown[], unknown][] } = {},
): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const [key, data] of options.cache ?? []) client.setQueryData(key, data);
  return renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client },
      createElement(MemoryRouter, { initialEntries: [options.path ?? '/'] }, element),
    ),
  );
}

/** Text as read: tags dropped, entities decoded, whitespace collapsed. */
export const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
