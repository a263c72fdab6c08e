import type { Project, User } from '@tokendesk/contract';

/**
 * Contract-typed records for the MSW answers. Ids count up per file (each component test file runs
 * in its own worker), so two records of one test never share one.
 */
let nextId = 1;
const id = () => nextId++;

export function buildUser(overrides: Partial<User> = {}): User {
  const n = id();
  return {
    id: n,
    username: `user${n}`,
    email: `user${n}@example.com`,
    first_name: 'Ada',
    last_name: 'Lovelace',
    is_staff: false,
    email_verified: true,
    pending_email: null,
    password_change_required: false,
    ...overrides,
  };
}

export function buildProject(overrides: Partial<Project> = {}): Project {
  const n = id();
  return {
    id: n,
    name: `Demo ${n}`,
    ticker: 'DEMO',
    token_symbol: 'DEMO',
    token_decimal: 18,
    network: 31337,
    contract_address: `0x${n.toString(16).padStart(40, '0')}`,
    created_at: '2026-11-01T12:00:00.000Z',
    holder_count: null,
    holders_available: true,
    ...overrides,
  };
}
