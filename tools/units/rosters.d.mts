/** Types for tools/units/rosters.mjs (imported by the roster tests). */
export function findSeed(root?: string): string | null;
export function cleanName(raw: string): string;
export function generateRosters(root?: string): Promise<Map<string, string> | null>;
export function runRosters(check: boolean, root?: string): Promise<number>;
