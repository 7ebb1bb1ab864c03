import { describe, expect, it } from 'vitest';
import { apiOrigin, contentSecurityPolicy } from '../src/services/content-security-policy.ts';

const directives = (csp: string) => new Map(csp.split('; ').map((d) => [d.split(' ')[0]!, d.split(' ').slice(1)]));

describe('the desktop Content-Security-Policy', () => {
  it('allows the local server for calls, covers and audio, and nothing else off the app origin', () => {
    const csp = directives(contentSecurityPolicy(apiOrigin(43125)));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'", 'http://127.0.0.1:43125']);
    expect(csp.get('img-src')).toContain('http://127.0.0.1:43125');
    expect(csp.get('media-src')).toContain('http://127.0.0.1:43125');
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('never allows inline code or eval', () => {
    const csp = contentSecurityPolicy(apiOrigin(1));
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|wasm-unsafe-eval|\*/);
  });

  it('names no server when it did not start', () => {
    expect(directives(contentSecurityPolicy(null)).get('connect-src')).toEqual(["'self'"]);
  });

  it('refuses anything but a loopback port', () => {
    expect(() => apiOrigin(0)).toThrow();
    expect(() => apiOrigin(70000)).toThrow();
    expect(() => apiOrigin(1.5)).toThrow();
    expect(() => contentSecurityPolicy('http://example.com:80')).toThrow();
    expect(() => contentSecurityPolicy("http://127.0.0.1:1; script-src 'unsafe-inline'")).toThrow();
  });
});
