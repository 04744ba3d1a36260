// `node scripts/chromium.mjs`: the first step of `npm test`. Makes sure a usable Chromium exists for the
// browser tests (tests/browser.ts launches the one `findChromium` finds). Order: CHROMIUM_PATH, the usual
// Debian/Ubuntu/Chrome paths, the same names on PATH. If none is found and this machine can install
// Debian's `chromium` (root, apt-get, not Ubuntu, whose `chromium` is a snap), it installs it with
// apt-get's own progress lines; otherwise it stops at once with one message naming the command that
// installs it here. No npm package is used: test tools' browser downloads fail on closed machines, and
// the packages that ship Chromium inside their tarball target serverless hosts, not Debian desktops.
import { accessSync, constants, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const USUAL_PATHS = {
  linux: ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/snap/bin/chromium', '/usr/bin/google-chrome-stable', '/usr/bin/google-chrome'],
  darwin: ['/Applications/Chromium.app/Contents/MacOS/Chromium', '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'],
};
const NAMES_ON_PATH = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'];

/** Executable and answers `--version` (a snap shim without the snap, say, does not). */
export function isUsable(path) {
  try { accessSync(path, constants.X_OK); } catch { return false; }
  const r = spawnSync(path, ['--version'], { timeout: 10_000, stdio: ['ignore', 'pipe', 'ignore'] });
  return r.status === 0 && /chrom/i.test(String(r.stdout));
}

/** Candidate executables in the order they are tried. */
export function candidates({ env = process.env, platform = process.platform } = {}) {
  const onPath = (env.PATH ?? '').split(delimiter).filter(Boolean).flatMap((d) => NAMES_ON_PATH.map((n) => join(d, n)));
  return [...new Set([...(env.CHROMIUM_PATH ? [env.CHROMIUM_PATH] : []), ...(USUAL_PATHS[platform] ?? []), ...onPath])];
}

/** The first usable Chromium, or null. */
export function findChromium({ env = process.env, platform = process.platform, usable = isUsable } = {}) {
  for (const p of candidates({ env, platform })) if (usable(p)) return p;
  return null;
}

function onPath(name, env) {
  return (env.PATH ?? '').split(delimiter).filter(Boolean).some((d) => { try { accessSync(join(d, name), constants.X_OK); return true; } catch { return false; } });
}

function osId() {
  try {
    const t = readFileSync('/etc/os-release', 'utf8');
    return `${/^ID=(.*)$/m.exec(t)?.[1] ?? ''} ${/^ID_LIKE=(.*)$/m.exec(t)?.[1] ?? ''}`.replace(/"/g, '');
  } catch { return ''; }
}

/**
 * How Chromium gets installed on this machine: `{ auto: true, steps }` when this process can do it
 * (root with apt-get on Debian), else `{ auto: false, command }`, the command for the person to run.
 */
export function installPlan({ env = process.env, platform = process.platform, uid = process.getuid?.() ?? -1, os = osId(), has = (n) => onPath(n, env) } = {}) {
  // As root the command itself; else through sudo, or su where sudo is not installed (Debian's default).
  const root = (cmd) => (uid === 0 ? cmd : has('sudo') ? `sudo ${cmd}` : `su -c '${cmd}'`);
  if (platform === 'darwin') return { auto: false, command: 'brew install --cask chromium' };
  if (platform !== 'linux') return { auto: false, command: null };
  if (has('apt-get')) {
    if (/\bubuntu\b/.test(os)) return { auto: false, command: root('snap install chromium') };
    // --reinstall also restores a deleted /usr/bin/chromium that dpkg still counts as installed.
    if (uid === 0) return { auto: true, steps: [['apt-get', ['update', '-q']], ['apt-get', ['install', '-y', '-q', '--reinstall', 'chromium']]] };
    return { auto: false, command: root('apt-get install chromium') };
  }
  if (has('dnf')) return { auto: false, command: root('dnf install chromium') };
  if (has('pacman')) return { auto: false, command: root('pacman -S chromium') };
  if (has('apk')) return { auto: false, command: root('apk add chromium') };
  if (has('zypper')) return { auto: false, command: root('zypper install chromium') };
  return { auto: false, command: null };
}

/** The one message when no Chromium is found and none can be installed by this process. */
export function missingMessage(plan, env = process.env) {
  // An auto plan is named too (the e2e global setup, which does not install, reports it).
  const command = plan.auto ? 'apt-get install chromium' : plan.command;
  const how = command ? `Install it with: ${command}` : 'Install Chromium or Google Chrome';
  const where = env.CHROMIUM_PATH ? `CHROMIUM_PATH=${env.CHROMIUM_PATH} is not a usable Chromium, nor is` : 'None was found at';
  return `The browser tests need Chromium. ${where} /usr/bin/chromium or the usual places. ${how} — or set CHROMIUM_PATH to a Chromium or Chrome executable — then run npm test again.`;
}

/**
 * Finds Chromium, installing Debian's when this process can. Returns `{ path }` or `{ error }` (the one
 * message). `run(cmd, args)` returns an exit status; `log` prints progress lines.
 */
export function ensureChromium({
  env = process.env, platform = process.platform, usable = isUsable, plan = installPlan({ env, platform }),
  run = (cmd, args) => spawnSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...env, DEBIAN_FRONTEND: 'noninteractive' } }).status,
  log = (s) => console.log(s),
} = {}) {
  const found = findChromium({ env, platform, usable });
  if (found) return { path: found };
  if (!plan.auto) return { error: missingMessage(plan, env) };
  log("Installing Debian's chromium for the browser tests (apt-get install chromium, about 100 MB)…");
  for (const [cmd, args] of plan.steps) {
    if (run(cmd, args) !== 0) return { error: `Installing Chromium failed (${cmd} ${args.join(' ')}). ${missingMessage({ auto: false, command: 'apt-get install chromium' }, env)}` };
  }
  const installed = findChromium({ env, platform, usable });
  return installed ? { path: installed } : { error: missingMessage({ auto: false, command: 'apt-get install --reinstall chromium' }, env) };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const r = ensureChromium();
  if (r.error) { console.error(r.error); process.exit(1); }
  const version = String(spawnSync(r.path, ['--version'], { timeout: 10_000 }).stdout ?? '').trim();
  console.log(`Chromium for the browser tests: ${r.path}${version ? ` (${version})` : ''}`);
}
