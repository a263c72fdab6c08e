import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LOADING_TEXT_DELAY_MS, LoadingScreen } from './loading-screen';

describe('the loading screen (issue 35)', () => {
  it("shows no 'Loading...' on its first render: a quick first visit to /register or /projects shows no flash", () => {
    const html = renderToStaticMarkup(createElement(LoadingScreen));
    expect(html).not.toContain('Loading...');
    // The status element is there (and empty) from the start, so the later text is announced.
    expect(html).toMatch(/<p role="status" class="invisible"><\/p>/);
    expect(LOADING_TEXT_DELAY_MS).toBeGreaterThanOrEqual(250);
    expect(LOADING_TEXT_DELAY_MS).toBeLessThanOrEqual(400);
  });
});
