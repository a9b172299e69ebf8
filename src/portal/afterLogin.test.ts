import { beforeEach, describe, expect, it } from 'vitest';
import { portalPath, rememberDestination, rememberedDestination, takeDestination } from './afterLogin';

beforeEach(() => localStorage.clear());

describe('where to go after logging in', () => {
  it('takes only paths inside the portal', () => {
    expect(portalPath('/dialog/abc?x=1')).toBe('/dialog/abc?x=1');
    expect(portalPath('/')).toBe('/');
    for (const outside of [
      null,
      undefined,
      '',
      'dialog',
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
    ])
      expect(portalPath(outside), String(outside)).toBeNull();
  });

  it('remembers a destination once, and the start page otherwise', () => {
    rememberDestination('https://evil.example/');
    expect(takeDestination()).toBe('/');
    rememberDestination('/ansok');
    expect(rememberedDestination()).toBe('/ansok');
    expect(takeDestination()).toBe('/ansok');
    expect(rememberedDestination()).toBeNull();
    expect(takeDestination()).toBe('/');
  });
});
