import { createProjectViaApi, devnetToken } from '../devnet';
import { expect, signIn, test } from '../fixtures';

// Product §2.2: the header search finds a project by its contract address, whole or by a prefix.

test("header search finds a project by its full address and by a 0x prefix, in any case; not another user's", async ({
  page,
  request,
  user,
  createUser,
}) => {
  const demo = devnetToken('demo');
  const project = await createProjectViaApi(request, user, 'demo');
  // Someone else's SMPL: its address must not find anything for `user`.
  const stranger = await createUser();
  await createProjectViaApi(request, stranger, 'smpl');
  await signIn(page, user);
  const search = page.getByRole('combobox', { name: 'Search projects' });

  await search.fill(demo.address.toLowerCase());
  const option = page.getByRole('option', { name: new RegExp(project.name) });
  await expect(option).toBeVisible();

  await search.fill(demo.address.slice(0, 8).toUpperCase().replace('0X', '0x'));
  await expect(option).toBeVisible();
  await search.press('ArrowDown');
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}$`));

  await search.fill(devnetToken('smpl').address);
  await expect(page.getByText(/No projects found/).first()).toBeAttached();
  await expect(page.getByRole('option')).toHaveCount(0);
});
