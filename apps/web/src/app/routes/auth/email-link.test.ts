import { describe, expect, it } from 'vitest';
import { linkToken } from './email-link';

describe('linkToken', () => {
  it("reads today's links from the fragment and older links from the query", () => {
    expect(linkToken('', '#token=abc_DEF-123')).toBe('abc_DEF-123');
    expect(linkToken('?token=old-link', '')).toBe('old-link');
    // Both (a forwarded old link with a new one pasted after it): the fragment's, today's form.
    expect(linkToken('?token=old', '#token=new')).toBe('new');
    expect(linkToken('?utm_source=mail&token=q', '')).toBe('q');
    expect(linkToken('', '')).toBe('');
    expect(linkToken('?other=1', '#section')).toBe('');
  });
});
