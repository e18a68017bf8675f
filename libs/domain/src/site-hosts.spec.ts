import { describe, expect, it } from 'vitest';
import { configuredSiteHost } from './site-hosts';

describe('configuredSiteHost', () => {
  const production = { localhost: false };
  const development = { localhost: true };

  it.each([
    ['husly.dk', 'husly.dk'],
    ['en.husly.dk', 'en.husly.dk'],
    ['EN.Husly.DK', 'en.husly.dk'],
    ['evil.example', 'husly.dk'],
    ['en.evil.example', 'husly.dk'],
    ['husly.dk.evil.example', 'husly.dk'],
    ['husly.dk:8080', 'husly.dk'],
    ['localhost:3000', 'husly.dk'],
    ['', 'husly.dk'],
    [undefined, 'husly.dk'],
  ])('in production, %s → %s', (host, expected) => {
    expect(configuredSiteHost(host, 'https://husly.dk', production)).toBe(expected);
  });

  it('keeps a www. PUBLIC_URL and its English host', () => {
    expect(configuredSiteHost('www.husly.dk', 'https://www.husly.dk', production)).toBe('www.husly.dk');
    expect(configuredSiteHost('en.husly.dk', 'https://www.husly.dk', production)).toBe('en.husly.dk');
  });

  it.each([
    ['localhost:4200', 'localhost:4200'],
    ['en.localhost:4200', 'en.localhost:4200'],
    ['localhost', 'localhost'],
    ['de.localhost:3000', 'localhost:3000'],
    ['localhost.evil.example', 'localhost:3000'],
    ['evil.example', 'localhost:3000'],
  ])('in development, %s → %s', (host, expected) => {
    expect(configuredSiteHost(host, 'http://localhost:3000', development)).toBe(expected);
  });
});
