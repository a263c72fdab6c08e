import type { Address, Hex, PublicClient } from 'viem';
import { encodeFunctionData, getAddress, parseAbi } from 'viem';
import { addressWord, rawCall } from './raw-call';

/** The storage slots of the standard proxies: EIP-1967 (implementation, admin, beacon) and EIP-1822. */
export const PROXY_SLOTS = {
  // bytes32(uint256(keccak256('eip1967.proxy.implementation')) - 1)
  implementation: '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc',
  // bytes32(uint256(keccak256('eip1967.proxy.admin')) - 1)
  admin: '0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103',
  // bytes32(uint256(keccak256('eip1967.proxy.beacon')) - 1)
  beacon: '0xa3f0ad74e5423aebfd80d3ef4346578335a9a72aeaee59ff6cb3582b35133d50',
  // keccak256('PROXIABLE'), EIP-1822 (UUPS before EIP-1967)
  proxiable: '0xc5f16f0fcc639fa48a6947836d9850f504798523bf8c9a3a87d5876cf622bcf7',
} as const satisfies Record<string, Hex>;

/** EIP-1167 minimal proxy: fixed code around the one address it delegates to. */
const MINIMAL_PROXY = /^0x363d3d373d3d3d363d73([0-9a-fA-F]{40})5af43d82803e903d91602b57fd5bf3$/i;

export interface ProxyFinding {
  status: 'upgradeable' | 'minimal_proxy' | 'not_proxy' | 'unknown';
  standard: 'eip1967' | 'eip1967_beacon' | 'eip1822' | 'eip1167' | null;
  implementation: Address | null;
  admin: Address | null;
  beacon: Address | null;
  how: string;
}

/** A slot's value as an address when its upper 12 bytes are zero and it is not zero; null otherwise. */
function slotAddress(value: Hex | undefined): Address | null {
  if (!value) return null;
  const padded = `0x${value.slice(2).padStart(64, '0')}` as Hex;
  const address = addressWord(padded);
  return address && !/^0x0{40}$/.test(address) ? address : null;
}

const beaconAbi = parseAbi(['function implementation() view returns (address)']);

export async function readProxy(
  client: PublicClient,
  token: Address,
  code: Hex,
  blockNumber: bigint,
): Promise<ProxyFinding> {
  const minimal = MINIMAL_PROXY.exec(code);
  if (minimal) {
    return {
      status: 'minimal_proxy',
      standard: 'eip1167',
      implementation: getAddress(`0x${minimal[1]!}`),
      admin: null,
      beacon: null,
      how: 'The runtime code is an EIP-1167 minimal proxy: it always delegates to the one address written into it, so its logic cannot be replaced.',
    };
  }
  const [implementation, admin, beacon, proxiable] = await Promise.all(
    [PROXY_SLOTS.implementation, PROXY_SLOTS.admin, PROXY_SLOTS.beacon, PROXY_SLOTS.proxiable].map((slot) =>
      client.getStorageAt({ address: token, slot, blockNumber }),
    ),
  );
  const impl = slotAddress(implementation);
  const adm = slotAddress(admin);
  const bcn = slotAddress(beacon);
  const uups = slotAddress(proxiable);
  const slotsRead =
    'eth_getStorageAt of the EIP-1967 implementation, admin and beacon slots and the EIP-1822 PROXIABLE slot';
  if (impl) {
    return {
      status: 'upgradeable',
      standard: 'eip1967',
      implementation: impl,
      admin: adm,
      beacon: null,
      how: `${slotsRead}: the implementation slot names ${impl}${adm ? `, the admin slot ${adm} (who may replace it)` : ', the admin slot is empty (a UUPS proxy: the implementation decides who may upgrade)'}.`,
    };
  }
  if (bcn) {
    const answer = await rawCall(client, {
      to: bcn,
      data: encodeFunctionData({ abi: beaconAbi, functionName: 'implementation' }),
      blockNumber,
    });
    const beaconImpl = answer.kind === 'ok' ? addressWord(answer.data) : null;
    return {
      status: 'upgradeable',
      standard: 'eip1967_beacon',
      implementation: beaconImpl,
      admin: adm,
      beacon: bcn,
      how: `${slotsRead}: the beacon slot names ${bcn}, whose implementation() ${beaconImpl ? `answers ${beaconImpl}` : 'did not answer with an address'}; whoever controls the beacon can replace the code.`,
    };
  }
  if (uups) {
    return {
      status: 'upgradeable',
      standard: 'eip1822',
      implementation: uups,
      admin: null,
      beacon: null,
      how: `${slotsRead}: the EIP-1822 PROXIABLE slot names ${uups}.`,
    };
  }
  return {
    status: 'not_proxy',
    standard: null,
    implementation: null,
    admin: null,
    beacon: null,
    how: `${slotsRead}: all four are empty.`,
  };
}
