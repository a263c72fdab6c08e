import { describe, expect, it } from 'vitest';
import { addressPrefix, originKey } from './ip-prefix';

describe('addressPrefix', () => {
  it('groups IPv4 by /24, IPv4-mapped IPv6 as IPv4', () => {
    expect(addressPrefix('203.0.113.77')).toBe('203.0.113.0/24');
    expect(addressPrefix('::ffff:203.0.113.5')).toBe('203.0.113.0/24');
    expect(addressPrefix('127.1.0.40')).toBe(addressPrefix('127.1.0.2'));
    expect(addressPrefix('127.1.1.2')).not.toBe(addressPrefix('127.1.0.2'));
  });

  it('groups IPv6 by /64, whatever the spelling', () => {
    expect(addressPrefix('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressPrefix('2001:0db8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(addressPrefix('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressPrefix('::1')).toBe('0:0:0:0::/64');
    expect(addressPrefix('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressPrefix('2001:db8:1:2::')).toBe('2001:db8:1:2::/64');
    expect(addressPrefix('2001:db8:1:3::1')).not.toBe(addressPrefix('2001:db8:1:2::1'));
  });

  it('leaves anything else as it is', () => {
    expect(addressPrefix('unknown')).toBe('unknown');
    expect(addressPrefix('')).toBe('');
  });
});

describe('originKey', () => {
  it('keeps an IPv4 address whole and an IPv6 address by its /64', () => {
    expect(originKey('198.51.100.7')).toBe('198.51.100.7');
    expect(originKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(originKey('2001:db8:5:6:1:2:3:4')).toBe(originKey('2001:db8:5:6:ffff::9'));
  });
});
