import { describe, expect, it } from 'vitest';
import {
  changeDirection,
  explorerAddressUrl,
  formatAmount,
  formatChange,
  formatDate,
  formatFeeTier,
  nameInitials,
  pairLabel,
  formatNotificationTime,
  formatRelativeTime,
  shortTxHash,
  explorerTxUrl,
  badgeCount,
} from './format';

describe('formatAmount', () => {
  it('drops trailing zeros for every amount (product §6), keeps at most max decimals, rounding half up', () => {
    expect(formatAmount('1')).toBe('1');
    expect(formatAmount('1.5')).toBe('1.5');
    expect(formatAmount('1.123456789')).toBe('1.123457');
    expect(formatAmount('1.1234565')).toBe('1.123457');
    expect(formatAmount('1.1234564')).toBe('1.123456');
    expect(formatAmount('0.999999999')).toBe('1');
    expect(formatAmount('12.3456789', { minDecimals: 0, maxDecimals: 4 })).toBe('12.3457');
    expect(formatAmount('12', { minDecimals: 0, maxDecimals: 4 })).toBe('12');
    expect(formatAmount('12', { minDecimals: 2 })).toBe('12.00');
  });

  it('groups thousands and keeps every digit of huge amounts', () => {
    expect(formatAmount('1234567.5')).toBe('1,234,567.5');
    expect(formatAmount('1100000.000000000000000000')).toBe('1,100,000');
    expect(formatAmount('123456789012345678901234567890.123')).toBe('123,456,789,012,345,678,901,234,567,890.123');
  });

  it('never shows a non-zero amount as zero', () => {
    expect(formatAmount('0.0000001')).toBe('<0.000001');
    expect(formatAmount('0.00001', { maxDecimals: 4 })).toBe('<0.0001');
    expect(formatAmount('0')).toBe('0');
    expect(formatAmount('0.000')).toBe('0');
    expect(formatAmount('-0.000')).toBe('0');
  });

  it('handles signs and unknown values', () => {
    expect(formatAmount('-2.5')).toBe('-2.5');
    expect(formatAmount('-0.0000001')).toBe('>-0.000001');
    expect(formatAmount(null)).toBe('—');
    expect(formatAmount(undefined)).toBe('—');
    expect(formatAmount('abc')).toBe('—');
    expect(formatAmount('1e5')).toBe('—');
  });
});

describe('formatChange', () => {
  it('signs the percentage and keeps unknown as a dash', () => {
    expect(formatChange('1.234')).toBe('+1.23%');
    expect(formatChange('-0.4')).toBe('-0.40%');
    expect(formatChange('0')).toBe('0.00%');
    expect(formatChange(null)).toBe('—');
    expect(changeDirection('2')).toBe('up');
    expect(changeDirection('-2')).toBe('down');
    expect(changeDirection('0')).toBe('flat');
    expect(changeDirection(null)).toBeNull();
  });
});

describe('small formatters', () => {
  it('formats dates as MMM d, yyyy', () => {
    expect(formatDate('2025-03-07T12:00:00')).toBe('Mar 7, 2025');
    expect(formatDate('not a date')).toBe('—');
  });

  it('takes two initials from a name', () => {
    expect(nameInitials('Demo Token')).toBe('DT');
    expect(nameInitials('sample')).toBe('SA');
    expect(nameInitials('  x ')).toBe('X');
    expect(nameInitials('')).toBe('?');
  });

  it('labels pairs, fee tiers and explorer links', () => {
    expect(pairLabel('DEMO', 'WETH')).toBe('DEMO/WETH');
    expect(pairLabel('DEMO', '')).toBe('N/A');
    expect(formatFeeTier(3000)).toBe('0.3%');
    expect(formatFeeTier(500)).toBe('0.05%');
    expect(formatFeeTier(100)).toBe('0.01%');
    expect(formatFeeTier(null)).toBeNull();
    expect(explorerAddressUrl('https://etherscan.io/', '0xabc')).toBe('https://etherscan.io/address/0xabc');
    expect(explorerAddressUrl('', '0xabc')).toBeNull();
  });
});

describe('times of notifications and events', () => {
  const now = new Date(2025, 2, 12, 15, 30, 0); // Wednesday, Mar 12, 2025 3:30 PM local

  it('shows today as a time, this week as a weekday, older with the date', () => {
    expect(formatNotificationTime(new Date(2025, 2, 12, 9, 5), now)).toBe('9:05 AM');
    expect(formatNotificationTime(new Date(2025, 2, 11, 23, 59), now)).toBe('Tuesday 11:59 PM');
    expect(formatNotificationTime(new Date(2025, 2, 6, 8, 0), now)).toBe('Thursday 8:00 AM');
    expect(formatNotificationTime(new Date(2025, 2, 5, 8, 0), now)).toBe('Mar 5, 2025 8:00 AM');
    expect(formatNotificationTime('nonsense', now)).toBe('—');
  });

  it('says how long ago in seconds, minutes, hours and days', () => {
    const ago = (ms: number) => formatRelativeTime(new Date(now.getTime() - ms), now);
    expect(ago(0)).toBe('0 sec ago');
    expect(ago(-5000)).toBe('0 sec ago');
    expect(ago(59_000)).toBe('59 sec ago');
    expect(ago(60_000)).toBe('1 min ago');
    expect(ago(59 * 60_000)).toBe('59 min ago');
    expect(ago(3_600_000)).toBe('1 hour ago');
    expect(ago(5 * 3_600_000)).toBe('5 hours ago');
    expect(ago(24 * 3_600_000)).toBe('1 day ago');
    expect(ago(72 * 3_600_000)).toBe('3 days ago');
    expect(formatRelativeTime(null, now)).toBe('—');
  });

  it('shortens hashes, links transactions and caps badges', () => {
    expect(shortTxHash('0x1234567890abcdef')).toBe('90abcdef');
    expect(explorerTxUrl('https://etherscan.io/', '0xabc')).toBe('https://etherscan.io/tx/0xabc');
    expect(explorerTxUrl('', '0xabc')).toBeNull();
    expect(badgeCount(0)).toBe('0');
    expect(badgeCount(9)).toBe('9');
    expect(badgeCount(10)).toBe('9+');
  });
});
