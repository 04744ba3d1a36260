import { describe, expect, it } from 'vitest';
import { candidates, ensureChromium, findChromium, installPlan, isUsable, missingMessage } from '../scripts/chromium.mjs';

// scripts/chromium.mjs, the first step of `npm test` (issue 20): find Chromium, install Debian's when
// this process can, else stop at once with one message naming the install command.
const nowhere = { CHROMIUM_PATH: '/nowhere/chromium', PATH: '/nowhere/bin' };
const none = () => false;

describe('npm test finds or installs Chromium before the browser tests', () => {
  it('tries CHROMIUM_PATH first, then /usr/bin/chromium and the usual paths, then the names on PATH', () => {
    const c = candidates({ env: { CHROMIUM_PATH: '/opt/c/chrome', PATH: '/a:/b' }, platform: 'linux' });
    expect(c.slice(0, 3)).toEqual(['/opt/c/chrome', '/usr/bin/chromium', '/usr/bin/chromium-browser']);
    expect(c).toContain('/snap/bin/chromium');
    expect(c).toContain('/a/chromium');
    expect(c).toContain('/b/google-chrome');
    expect(findChromium({ env: { PATH: '/a' }, platform: 'linux', usable: (p) => p === '/a/chromium-browser' })).toBe('/a/chromium-browser');
  });

  it('skips a CHROMIUM_PATH that points nowhere and finds nothing when every usual place is empty', () => {
    expect(isUsable('/nowhere/chromium')).toBe(false);
    expect(findChromium({ env: nowhere, platform: 'linux', usable: none })).toBeNull();
  });

  it('as root with apt-get on Debian: installs chromium with a visible line, then uses it', () => {
    const plan = installPlan({ env: nowhere, platform: 'linux', uid: 0, os: 'debian ', has: (n) => n === 'apt-get' });
    expect(plan).toEqual({ auto: true, steps: [['apt-get', ['update', '-q']], ['apt-get', ['install', '-y', '-q', '--reinstall', 'chromium']]] });
    let installed = false;
    const ran: string[] = [];
    const lines: string[] = [];
    const r = ensureChromium({
      env: nowhere, platform: 'linux', plan, log: (s) => lines.push(s),
      usable: (p) => installed && p === '/usr/bin/chromium',
      run: (cmd, args) => { ran.push(`${cmd} ${args.join(' ')}`); installed = args.includes('chromium'); return 0; },
    });
    expect(r).toEqual({ path: '/usr/bin/chromium' });
    expect(ran).toEqual(['apt-get update -q', 'apt-get install -y -q --reinstall chromium']);
    expect(lines).toContain("Installing Debian's chromium for the browser tests (apt-get install chromium, about 100 MB)…");
  });

  it('without root: stops with the one message naming sudo apt-get install chromium, running nothing', () => {
    const plan = installPlan({ env: nowhere, platform: 'linux', uid: 1000, os: 'debian ', has: (n) => n === 'apt-get' || n === 'sudo' });
    expect(plan).toEqual({ auto: false, command: 'sudo apt-get install chromium' });
    const r = ensureChromium({ env: nowhere, platform: 'linux', plan, usable: none, log: () => {}, run: () => { throw new Error('must not install'); } });
    expect(r.error).toBe(missingMessage(plan, nowhere));
    expect(r.error).toBe('The browser tests need Chromium. CHROMIUM_PATH=/nowhere/chromium is not a usable Chromium, nor is /usr/bin/chromium or the usual places. '
      + 'Install it with: sudo apt-get install chromium — or set CHROMIUM_PATH to a Chromium or Chrome executable — then run npm test again.');
    // Debian without sudo: through su.
    expect(installPlan({ env: nowhere, platform: 'linux', uid: 1000, os: 'debian ', has: (n) => n === 'apt-get' })).toEqual({ auto: false, command: "su -c 'apt-get install chromium'" });
  });

  it('names the command of the system it runs on: Ubuntu snap, Fedora dnf, Arch pacman, macOS brew, none known', () => {
    const plan = (os: string, tool: string, platform = 'linux', uid = 1000) => installPlan({ env: nowhere, platform, uid, os, has: (n) => n === tool || n === 'sudo' });
    expect(plan('ubuntu debian', 'apt-get', 'linux', 0)).toEqual({ auto: false, command: 'snap install chromium' });
    expect(plan('fedora ', 'dnf')).toEqual({ auto: false, command: 'sudo dnf install chromium' });
    expect(plan('arch ', 'pacman')).toEqual({ auto: false, command: 'sudo pacman -S chromium' });
    expect(plan('', '', 'darwin')).toEqual({ auto: false, command: 'brew install --cask chromium' });
    expect(missingMessage(plan('', ''), {})).toMatch(/^The browser tests need Chromium\. None was found at .*Install Chromium or Google Chrome — or set CHROMIUM_PATH/);
  });

  it('an install that fails or leaves no Chromium ends in one message, not a launch error per test file', () => {
    const plan = { auto: true as const, steps: [['apt-get', ['install', '-y', 'chromium']]] as [string, string[]][] };
    expect(missingMessage(plan, {})).toContain('Install it with: apt-get install chromium —');
    const failed = ensureChromium({ env: nowhere, platform: 'linux', plan, usable: none, log: () => {}, run: () => 100 });
    expect(failed.error).toMatch(/^Installing Chromium failed \(apt-get install -y chromium\)\. .*Install it with: apt-get install chromium/);
    const empty = ensureChromium({ env: nowhere, platform: 'linux', plan, usable: none, log: () => {}, run: () => 0 });
    expect(empty.error).toContain('Install it with: apt-get install --reinstall chromium');
  });
});
