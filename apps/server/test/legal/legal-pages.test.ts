import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LEGAL_TEXTS } from '../../src/features/legal/default-texts';
import { createTestContext, type TestContext } from '../helpers';

/** Issue 35: the registration form's Terms of Service and Privacy Policy exist, and an operator can replace them. */
let ctx: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-legal-'));
  ctx = await createTestContext({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const get = (kind: string) => ctx.app.inject({ method: 'GET', url: `/api/v1/legal/${kind}/` });

describe('terms and privacy pages', () => {
  it('ship short texts, with no credential needed', async () => {
    for (const kind of ['terms', 'privacy'] as const) {
      const res = await get(kind);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ kind, ...DEFAULT_LEGAL_TEXTS[kind], customized: false });
    }
    expect(DEFAULT_LEGAL_TEXTS.terms.title).toBe('Terms of Service');
    expect(DEFAULT_LEGAL_TEXTS.privacy.title).toBe('Privacy Policy');
    expect((await get('cookies')).statusCode).toBe(400);
  });

  it("show the operator's own text from DATA_DIR/legal at once, and the shipped one again when it is emptied", async () => {
    fs.mkdirSync(path.join(dataDir, 'legal'), { recursive: true });
    const file = path.join(dataDir, 'legal', 'privacy.md');
    fs.writeFileSync(file, '\uFEFF# Our policy\n\nWe keep <b>nothing</b> we do not need.\n\n');
    const res = await get('privacy');
    expect(res.json()).toEqual({
      kind: 'privacy',
      title: 'Privacy Policy',
      text: '# Our policy\n\nWe keep <b>nothing</b> we do not need.',
      customized: true,
    });
    // The other document is untouched.
    expect((await get('terms')).json()).toMatchObject({ customized: false });
    fs.writeFileSync(file, '  \n');
    expect((await get('privacy')).json()).toMatchObject({ customized: false, text: DEFAULT_LEGAL_TEXTS.privacy.text });
  });
});
