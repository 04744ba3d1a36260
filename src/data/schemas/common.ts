import { z } from 'zod';

/**
 * Provenance carried by every table, counter, hex and setup (DEVELOPERS.md): `seed:004 L9457`,
 * `goss2020 13.9`, `reconstructed: why`, or `definition: …` for values that are ours by construction.
 */
export const Source = z.string().min(3).refine(
  (s) => /^(seed:\d{3}\b|goss2020\b|reconstructed:|definition:|shared\/research\/|test:)/.test(s),
  { message: "source must start with 'seed:NNN', 'goss2020', 'reconstructed:', 'definition:', 'shared/research/' or 'test:'" },
);

/** A map letter and four digits, or a section of map F (AW 1.8.0: F1, F2) with a dash: C4522, F2-5257. */
export const RulesHexId = z.string().regex(/^(?:[A-F]|F[12]-)\d{4}$/, 'hex id must be a map letter A–F (or a section F1-/F2-) and four digits, e.g. C4522, F2-5257');
