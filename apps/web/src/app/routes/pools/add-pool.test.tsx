import { poolPageSchema, projectListSchema } from '@tokendesk/contract';
import { describe, expect, it } from 'vitest';
import { buildProject } from '../../../testing/data-generators';
import { api } from '../../../testing/mocks/api';
import { server } from '../../../testing/mocks/server';
import { renderApp, screen, within } from '../../../testing/test-utils';

// Product §2.11 and §2.13: /funds/new, moved from e2e/tests/wrong-states.spec.ts (the journey of
// adding the pool on the devnet stays there).
describe('/funds/new', () => {
  it("is where /funds's 'Add Your First Fund' leads; without a project it offers to add one", async () => {
    server.use(
      api.get('/projects/', projectListSchema, () => ({ projects: [], next_cursor: null })),
      api.get('/projects/user/pools/funds/', poolPageSchema, () => ({ pools: [], next_cursor: null })),
    );
    const { events } = renderApp('/funds');
    await events.click(await screen.findByRole('link', { name: 'Add Your First Fund' }));
    expect(await screen.findByRole('heading', { name: 'Add a Pool', level: 1 })).toBeTruthy();
    expect(await screen.findByText('No projects yet')).toBeTruthy();
    expect(screen.queryByText('Fund not found')).toBeNull();
    await events.click(screen.getByRole('button', { name: 'Add Project' }));
    expect(await screen.findByRole('dialog', { name: 'Add Project' })).toBeTruthy();
  });

  it('choosing the project opens Add Pool on its DEX field; Escape gives focus back to the project chosen', async () => {
    const project = buildProject({ name: 'Demo Token', token_symbol: 'DEMO' });
    server.use(api.get('/projects/', projectListSchema, () => ({ projects: [project], next_cursor: null })));
    const { events } = renderApp('/funds/new');
    const list = await screen.findByRole('list', { name: 'Your projects' });
    expect(screen.queryByText('Fund not found')).toBeNull();
    const choice = within(list).getByRole('button', { name: new RegExp(project.name) });
    await events.click(choice);
    const dialog = await screen.findByRole('dialog', { name: 'Add Pool' });
    expect(dialog.textContent).toContain(project.token_symbol);
    expect(document.activeElement).toBe(within(dialog).getByLabelText('DEX'));

    await events.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Add Pool' })).toBeNull();
    expect(document.activeElement).toBe(choice);
    await events.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Add Pool' })).toBeTruthy();
  });
});
