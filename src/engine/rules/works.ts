/**
 * The kinds of defensive works whose occupants get the "in an ET, Fort or Ft Area" benefits (GOSS 17.4.1:
 * +1 defensive PR, automatic passes of the FS first-hit PRC and the GA hold / limited-retreat PRCs):
 * ET-2, ET-3, and the Fort kinds (a StP is treated as a Fort, AW 4.5.10). No imports: every layer reads it.
 */
const DUG_IN: ReadonlySet<string> = new Set(['ET-2', 'ET-3', 'Fort', 'StP']);

/** Are occupants of works of this kind "in an ET, Fort or Ft Area" (GOSS 17.4.1)? */
export function dugIn(fw: string | null | undefined): boolean {
  return !!fw && DUG_IN.has(fw);
}
