import { describe, expect, it } from 'vitest';
import { filterTickets, nextTicketFilter } from './ticket-filter';

const tickets = [
  { subject: 'Chart is empty', project_name: 'Demo Token', is_resolved: false },
  { subject: 'CSV question', project_name: 'Sample Coin', is_resolved: true },
];

describe('filterTickets', () => {
  it('matches subject or project name, case-insensitive, trimmed', () => {
    expect(filterTickets(tickets, 'all', '  chART ').map((t) => t.subject)).toEqual(['Chart is empty']);
    expect(filterTickets(tickets, 'all', 'sample').map((t) => t.subject)).toEqual(['CSV question']);
    expect(filterTickets(tickets, 'all', '')).toHaveLength(2);
    expect(filterTickets(tickets, 'all', 'nothing')).toEqual([]);
  });

  it('keeps open or resolved tickets by the filter', () => {
    expect(filterTickets(tickets, 'open', '').map((t) => t.subject)).toEqual(['Chart is empty']);
    expect(filterTickets(tickets, 'resolved', '').map((t) => t.subject)).toEqual(['CSV question']);
    expect(filterTickets(tickets, 'resolved', 'chart')).toEqual([]);
  });

  it('cycles All → Open → Resolved → All', () => {
    expect(nextTicketFilter('all')).toBe('open');
    expect(nextTicketFilter('open')).toBe('resolved');
    expect(nextTicketFilter('resolved')).toBe('all');
  });
});
