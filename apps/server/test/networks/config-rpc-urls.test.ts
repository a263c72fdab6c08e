import { describe, expect, it } from 'vitest';
import { NetworkRegistry, REAL_NETWORKS } from '../../src/chain/networks';
import { configuredUrls, loadConfig } from '../../src/config';
import { redactSecrets, registerSecrets, secretsFromEnv } from '../../src/lib/error-text';

/** RPC_URL_<KEY> goes through config.ts like every other setting: parsed once, then handed on. */
describe('RPC_URL_* in the configuration', () => {
  it('is parsed per network key (comma-separated, trimmed, empty ones dropped) and replaces that network’s public endpoints only', () => {
    const config = loadConfig({
      RPC_URL_ETHEREUM: ' https://eth.example/v2/k3y-0123456789 , https://backup.example/ ',
      RPC_URL_BSC: ' , ',
      RPC_URL_: 'https://ignored.example/',
    });
    expect(config.RPC_URLS).toEqual({ ETHEREUM: ['https://eth.example/v2/k3y-0123456789', 'https://backup.example/'] });

    const registry = new NetworkRegistry(REAL_NETWORKS, config.RPC_URLS);
    const byKey = new Map(registry.list().map((n) => [n.key, n]));
    expect(byKey.get('ETHEREUM')!.rpcUrls).toEqual([
      'https://eth.example/v2/k3y-0123456789',
      'https://backup.example/',
    ]);
    const bsc = REAL_NETWORKS.find((n) => n.key === 'BSC')!;
    expect(byKey.get('BSC')!.rpcUrls).toEqual(bsc.rpcUrls);
    expect(loadConfig({}).RPC_URLS).toEqual({});
  });

  it('keeps the provider keys of those URLs (and the database password) out of every redacted text', () => {
    const config = loadConfig({
      RPC_URL_POLYGON: 'https://polygon.example/v3/a1b2c3d4e5f6a7b8',
      DATABASE_URL: 'postgres://app:s3cret-passw0rd@db.example/tokendesk',
    });
    registerSecrets(secretsFromEnv(configuredUrls(config)));
    const text = redactSecrets('node said: bad key a1b2c3d4e5f6a7b8; connecting as s3cret-passw0rd failed');
    expect(text).not.toContain('a1b2c3d4e5f6a7b8');
    expect(text).not.toContain('s3cret-passw0rd');
    expect(text).toContain('<redacted>');
  });
});
