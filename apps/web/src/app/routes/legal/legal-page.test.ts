import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RegisterForm } from '../../../features/auth/components/register-form';
import { renderStatic, textOf } from '../../../test/static-render';
import { LegalText } from '../../../features/legal/components/legal-text';

describe('Terms of Service and Privacy Policy (issue 35)', () => {
  it('are linked from the registration form, in a new tab so the form is kept', () => {
    const html = renderStatic(createElement(RegisterForm), { path: '/register' });
    expect(textOf(html)).toContain('I agree to the Terms of Service and Privacy Policy');
    expect(html).toMatch(/<a [^>]*href="\/terms"[^>]*target="_blank"[^>]*>Terms of Service<\/a>/);
    expect(html).toMatch(/<a [^>]*href="\/privacy"[^>]*target="_blank"[^>]*>Privacy Policy<\/a>/);
  });

  it("shows an operator's text as headings and paragraphs, never as HTML", () => {
    const html = renderToStaticMarkup(
      createElement(LegalText, {
        text: '# Who we are\nA small team.\n\nWe keep <script>x</script> nothing.\nSecond line.',
      }),
    );
    expect(html).toBe(
      '<div class="flex flex-col gap-3 text-sm leading-relaxed text-slate-700"><div class="flex flex-col gap-1"><h2 class="mt-2 text-base font-semibold text-slate-900">Who we are</h2><p class="whitespace-pre-line">A small team.</p></div><p class="whitespace-pre-line">We keep &lt;script&gt;x&lt;/script&gt; nothing.\nSecond line.</p></div>',
    );
  });
});
