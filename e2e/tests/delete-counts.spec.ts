import type { Alert, AlertPage, HoldersSummary } from '@tokendesk/contract';
import { addPoolViaApi, createProjectViaApi } from '../devnet';
import { apiGet, apiPost, expect, signIn, test } from '../fixtures';

// Product §2.8: deleting a pool or a project says how many alerts go with it (it used to delete them without saying so).
test('the delete confirmations say how many pools and alerts go with them', async ({ page, request, user }) => {
  const project = await createProjectViaApi(request, user, 'demo');
  const weth = await addPoolViaApi(request, user, project.id, 'uniswap-v2', 'weth');
  const usdc = await addPoolViaApi(request, user, project.id, 'uniswap-v2', 'usdc');
  // Two alerts on one pool must differ: an identical second one is refused (409, product §2.10).
  const alert = (poolId: number, minAmount: string) =>
    apiPost<Alert>(request, user, '/projects/alerts/', { kind: 'large_swap', pool_id: poolId, min_amount: minAmount });
  await alert(weth.id, '1');
  await alert(weth.id, '2');
  await alert(usdc.id, '1');
  await signIn(page, user, { to: `/projects/${project.id}` });

  const pools = page.getByRole('list', { name: 'Liquidity pools' });
  await pools.getByRole('button', { name: 'Delete pool DEMO/WETH on Uniswap V2' }).click();
  await expect(pools.getByText('Delete pool and its 2 alerts?')).toBeVisible();
  await pools.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Delete project' }).click();
  let confirm = page.getByRole('alertdialog', { name: 'Delete project?' });
  await expect(confirm).toContainText(
    `${project.name} (${project.token_symbol}) will be removed from TokenDesk with its 2 liquidity pools and 3 alerts`,
  );
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();

  // One pool and its one alert go; the counts follow.
  await pools.getByRole('button', { name: 'Delete pool DEMO/USDC on Uniswap V2' }).click();
  await expect(pools.getByText('Delete pool and its alert?')).toBeVisible();
  await pools.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'DEMO/USDC on Uniswap V2 was removed.' }),
  ).toBeVisible();
  await expect(pools.getByRole('listitem')).toHaveCount(1);
  expect((await apiGet<AlertPage>(request, user, '/projects/alerts/')).alerts).toHaveLength(2);

  await page.getByRole('button', { name: 'Delete project' }).click();
  confirm = page.getByRole('alertdialog', { name: 'Delete project?' });
  await expect(confirm).toContainText('with its 1 liquidity pool and 2 alerts');
  await confirm.getByRole('button', { name: 'Delete project' }).click();
  await expect(page).toHaveURL(/\/projects$/);
  expect((await apiGet<AlertPage>(request, user, '/projects/alerts/')).alerts).toHaveLength(0);
});

// A project deleted from its detail screen is asked nothing more. The holders card polls every 3 s
// while the index builds; the screen used to stay mounted until the lists had been refetched, and
// on a loaded machine a poll of the gone project answered 404 (a CI failure in dark-mode.spec).
// Here the index is held at 'indexing', and the lists refetched after a delete answer 4 s late.
test('deleting a project stops its polls at once, and the list never shows it again', async ({
  page,
  request,
  user,
}) => {
  const kept = await createProjectViaApi(request, user, 'demo');
  const gone = await createProjectViaApi(request, user, 'smpl');
  await page.route(`**/api/v1/projects/${gone.id}/holders/`, async (route) => {
    const response = await route.fetch();
    if (response.status() !== 200) return route.fulfill({ response });
    const body = (await response.json()) as HoldersSummary;
    await route.fulfill({ response, json: { ...body, sync: { ...body.sync, state: 'indexing' } } });
  });
  // Through the list, so the cache holds a list with the project in it.
  await signIn(page, user, { to: '/projects' });
  const list = page.getByRole('list', { name: 'Projects' });
  await list.getByRole('link', { name: gone.name, exact: true }).click();
  await expect(page.getByTestId('holder-state-badge')).toHaveText(/^Indexing holders/);

  const askedAfterDelete: string[] = [];
  let deleted = false;
  page.on('request', (r) => {
    if (deleted && new URL(r.url()).pathname.startsWith(`/api/v1/projects/${gone.id}/`))
      askedAfterDelete.push(`${r.method()} ${r.url()}`);
  });
  page.on('response', (r) => {
    if (r.request().method() === 'DELETE' && r.ok()) deleted = true;
  });
  // The project list, and the price panel (mounted on every screen, so refetched at once).
  await page.route(/\/api\/v1\/projects\/(pool\/prices\/)?\?/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    await route.continue();
  });

  await page.getByRole('button', { name: 'Delete project' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete project?' })
    .getByRole('button', { name: 'Delete project' })
    .click();
  await expect(page).toHaveURL(/\/projects$/);
  // While the list is still on its way, the cached one (with the deleted project) is not shown.
  await expect(page.getByRole('link', { name: gone.name, exact: true })).toHaveCount(0);
  await expect(list.getByRole('link', { name: kept.name, exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(list.getByRole('link', { name: gone.name, exact: true })).toHaveCount(0);
  expect(askedAfterDelete).toEqual([]);
});
