/** Types for tools/units/generate.mjs (imported by the unit-data tests). */
export function r(x: number): number;
export function slug(s: string): string;
export function stepValues(full: [number, number], basis: number, k: number): [number, number][];
export function zValues(full: [number, number], basis: number): [number, number];
export function checkMethod(classes: Record<string, unknown>): string[];
export function generateAll(root?: string, include?: (oobFile: string) => boolean): Map<string, string>;
