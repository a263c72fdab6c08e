import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderStatic, textOf } from '../../../test/static-render';
import { ExistingProjectNotice } from './add-project-dialog';

describe('Fetch Token Info on a token that is already a project (issue 35)', () => {
  it('says so with a link to the project', () => {
    const html = renderStatic(
      createElement(ExistingProjectNotice, { project: { id: 42, name: 'Demo Token', token_symbol: 'DEMO' } }),
    );
    expect(textOf(html)).toBe('Demo Token (DEMO) is already one of your projects on this network. Open Demo Token');
    expect(html).toMatch(/<a [^>]*href="\/projects\/42"[^>]*>Open Demo Token<\/a>/);
  });
});
