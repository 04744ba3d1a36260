// Types for scripts/chromium.mjs (plain ESM so that `npm test` can run it before anything is compiled).
type Env = Record<string, string | undefined>;
export type InstallPlan = { auto: true; steps: [string, string[]][] } | { auto: false; command: string | null };
export const USUAL_PATHS: Record<string, string[]>;
export function isUsable(path: string): boolean;
export function candidates(opts?: { env?: Env; platform?: string }): string[];
export function findChromium(opts?: { env?: Env; platform?: string; usable?: (p: string) => boolean }): string | null;
export function installPlan(opts?: { env?: Env; platform?: string; uid?: number; os?: string; has?: (name: string) => boolean }): InstallPlan;
export function missingMessage(plan: InstallPlan, env?: Env): string;
export function ensureChromium(opts?: {
  env?: Env; platform?: string; usable?: (p: string) => boolean; plan?: InstallPlan;
  run?: (cmd: string, args: string[]) => number | null; log?: (s: string) => void;
}): { path: string; error?: undefined } | { error: string; path?: undefined };
