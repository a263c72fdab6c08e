import { projectListSchema, ticketPageSchema } from '@tokendesk/contract';
import { describe, expect, it } from 'vitest';
import { buildProject } from '../testing/data-generators';
import { api } from '../testing/mocks/api';
import { newProjectHandlers } from '../testing/mocks/handlers';
import { server } from '../testing/mocks/server';
import { renderApp, screen, within } from '../testing/test-utils';

// Product §14: Escape or Cancel used to drop focus on <body>, and dialogs opened on their close
// button. Moved from e2e/tests/dialog-focus.spec.ts.
describe('dialog focus', () => {
  it("'New Project' in the header opens Add Project on Network; Escape and Cancel give focus back to it", async () => {
    server.use(
      api.get('/user/tickets/', ticketPageSchema, () => ({ tickets: [], next_cursor: null })),
      api.get('/projects/', projectListSchema, () => ({ projects: [], next_cursor: null })),
    );
    const { events } = renderApp('/support');
    const newProject = await screen.findByRole('button', { name: 'New Project' });
    await events.click(newProject);
    let dialog = await screen.findByRole('dialog', { name: 'Add Project' });
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Network'));
    await events.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Add Project' })).toBeNull();
    expect(document.activeElement).toBe(newProject);

    // Keyboard only this time; Cancel returns focus the same way.
    newProject.focus();
    await events.keyboard('{Enter}');
    dialog = await screen.findByRole('dialog', { name: 'Add Project' });
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Network'));
    await events.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Add Project' })).toBeNull();
    expect(document.activeElement).toBe(newProject);
  });

  it("a project's Add First Pool opens on DEX, Delete project on Cancel; both give focus back to their button", async () => {
    const project = buildProject();
    server.use(...newProjectHandlers(project));
    const { events } = renderApp(`/projects/${project.id}`);
    const addFirstPool = await screen.findByRole('button', { name: 'Add First Pool' });
    await events.click(addFirstPool);
    const addPool = await screen.findByRole('dialog', { name: 'Add Pool' });
    expect(document.activeElement).toBe(within(addPool).getByLabelText('DEX'));
    await events.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Add Pool' })).toBeNull();
    expect(document.activeElement).toBe(addFirstPool);

    // A confirmation without fields starts on Cancel, not on the destructive button.
    const deleteProject = screen.getByRole('button', { name: 'Delete project' });
    await events.click(deleteProject);
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete project?' });
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Cancel' }));
    await events.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(deleteProject);
  });
});
