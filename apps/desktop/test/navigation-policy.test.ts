import { describe, expect, it } from 'vitest';
import { navigationDecision, permissionAllowed } from '../src/services/navigation-policy.ts';

describe('navigation and new windows', () => {
  it.each([
    ['app://cloudtune/index.html#/music/recommend', 'in-app'],
    ['https://music.163.com/#/song?id=1', 'external'],
    ['http://example.com/', 'external'],
    ['app://elsewhere/index.html', 'deny'],
    ['file:///etc/passwd', 'deny'],
    ['javascript:alert(1)', 'deny'],
    ['data:text/html,<script>1</script>', 'deny'],
    ['smb://server/share', 'deny'],
    ['mailto:someone@example.com', 'deny'],
    ['not a url', 'deny'],
  ])('%s → %s', (url, decision) => {
    expect(navigationDecision(url)).toBe(decision);
  });
});

describe('permissions', () => {
  it('grants the audio output choice, full screen and clipboard writes to the app only', () => {
    expect(permissionAllowed('speaker-selection', 'app://cloudtune/index.html')).toBe(true);
    expect(permissionAllowed('fullscreen', 'app://cloudtune/index.html')).toBe(true);
    expect(permissionAllowed('fullscreen', 'https://example.com/')).toBe(false);
  });

  it.each([
    'media',
    'geolocation',
    'notifications',
    'midi',
    'midiSysex',
    'hid',
    'serial',
    'usb',
    'openExternal',
    'clipboard-read',
    'unknown',
  ])('refuses %s', (permission) => expect(permissionAllowed(permission, 'app://cloudtune/index.html')).toBe(false));
});
