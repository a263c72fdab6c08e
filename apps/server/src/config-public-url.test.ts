import { describe, expect, it } from 'vitest';
import { loadConfig, publicUrlNotice } from './config';

/**
 * Links in e-mails and messages (issue 35 item 13): PUBLIC_URL, when unset, is the address the start
 * banner prints, from HOST and PORT; never anything a request sends.
 */
describe('PUBLIC_URL', () => {
  it('defaults to the address the banner prints: 127.0.0.1 for the default and wildcard binds', () => {
    expect(loadConfig({}).PUBLIC_URL).toBe('http://127.0.0.1:3000');
    expect(loadConfig({ PORT: '8080' }).PUBLIC_URL).toBe('http://127.0.0.1:8080');
    expect(loadConfig({ HOST: '0.0.0.0' }).PUBLIC_URL).toBe('http://127.0.0.1:3000');
    expect(loadConfig({ HOST: '::' }).PUBLIC_URL).toBe('http://127.0.0.1:3000');
    // Whatever HOST names is what the banner and the links say: localhost stays localhost.
    expect(loadConfig({ HOST: 'localhost' }).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ HOST: '::1' }).PUBLIC_URL).toBe('http://[::1]:3000');
    expect(loadConfig({}).PUBLIC_URL_SET).toBe(false);
  });

  it('a set PUBLIC_URL wins, without its trailing slash', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://desk.example.com/' });
    expect(config).toMatchObject({ PUBLIC_URL: 'https://desk.example.com', PUBLIC_URL_SET: true });
    expect(publicUrlNotice(config)).toBe(
      'Links in e-mails and messages point at https://desk.example.com (PUBLIC_URL).',
    );
  });

  it('the banner says which address links use and how to change it', () => {
    expect(publicUrlNotice(loadConfig({}))).toBe(
      'Links in e-mails and messages point at http://127.0.0.1:3000, the address above (PUBLIC_URL is not set); set PUBLIC_URL to the address users open if it is another.',
    );
    // Listening on every interface with the default: the links would work only here, and it says so.
    expect(publicUrlNotice(loadConfig({ HOST: '0.0.0.0' }))).toBe(
      'Links in e-mails and messages point at http://127.0.0.1:3000, which works only on this machine: PUBLIC_URL is not set and HOST=0.0.0.0 listens on every interface. Set PUBLIC_URL to the address users open, e.g. PUBLIC_URL=https://desk.example.com.',
    );
    expect(publicUrlNotice(loadConfig({ HOST: '::' }))).toContain('which works only on this machine');
    expect(publicUrlNotice(loadConfig({ HOST: '192.168.1.20' }))).toContain(
      'http://192.168.1.20:3000, the address above',
    );
    expect(publicUrlNotice(loadConfig({ HOST: 'localhost' }))).toContain('http://localhost:3000, the address above');
  });
});
