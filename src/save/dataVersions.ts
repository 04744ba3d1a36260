/**
 * The data versions (ScenarioBundle.dataHash) released Neptunes had, by scenario (data-versions.json).
 * A hotseat save of a listed older version is brought up to date by re-playing its actions
 * (verify.ts migrateData); a data hash no Neptune had is refused, as an edited header.
 * `node scripts/golden-saves.mjs` appends the current versions (dataVersions.test.ts checks it did).
 */
import versions from './data-versions.json';

const known: Record<string, readonly string[]> = versions.scenarios;

/** Whether `dataHash` is a data version some Neptune had for `scenario` (the current one included once recorded). */
export function knownDataVersion(scenario: string, dataHash: string): boolean {
  return Object.prototype.hasOwnProperty.call(known, scenario) && known[scenario].includes(dataHash);
}

/** The recorded versions of a scenario, oldest first. */
export function dataVersions(scenario: string): readonly string[] {
  return Object.prototype.hasOwnProperty.call(known, scenario) ? known[scenario] : [];
}
