import type { Alert, AlertPage } from '@tokendesk/contract';
import { addPoolViaApi, createProjectViaApi } from '../devnet';
import { apiGet, apiPost, expect, signIn, test } from '../fixtures';

// Product §2.8: deleting a pool or a project says how many alerts go with it (it used to delete them without saying so).
test('the delete confirmations say how many pools and alerts go with them', async ({ page, request, user }) => {
  const project = await createProjectViaApi(request, user, 'demo');
  const weth = await addPoolViaApi(request, user, project.id, 'uniswap-v2', 'weth');
  const usdc = await addPoolViaApi(request, user, project.id, 'uniswap-v2', 'usdc');
  // Two alerts on one pool must differ: an identical second one is refused (409, product §2.10).
  const alert = (poolId: number, minAmount: string) => apiPost<Alert>(request, user, '/projects/alerts/', { kind: 'large_swap', pool_id: poolId, min_amount: minAmount });
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
  await expect(confirm).toContainText(`${project.name} (${project.token_symbol}) will be removed from TokenDesk with its 2 liquidity pools and 3 alerts`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();

  // One pool and its one alert go; the counts follow.
  await pools.getByRole('button', { name: 'Delete pool DEMO/USDC on Uniswap V2' }).click();
  await expect(pools.getByText('Delete pool and its alert?')).toBeVisible();
  await pools.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(pools.getByRole('listitem')).toHaveCount(1);
  expect((await apiGet<AlertPage>(request, user, '/projects/alerts/')).alerts).toHaveLength(2);

  await page.getByRole('button', { name: 'Delete project' }).click();
  confirm = page.getByRole('alertdialog', { name: 'Delete project?' });
  await expect(confirm).toContainText('with its 1 liquidity pool and 2 alerts');
  await confirm.getByRole('button', { name: 'Delete project' }).click();
  await expect(page).toHaveURL(/\/projects$/);
  expect((await apiGet<AlertPage>(request, user, '/projects/alerts/')).alerts).toHaveLength(0);
});
