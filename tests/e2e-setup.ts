// Browser tests' global setup: without a Chromium the run stops here, once, with the message that names
// the command installing it (scripts/chromium.mjs), instead of a launch error in every test file.
import { findChromium, installPlan, missingMessage } from '../scripts/chromium.mjs';

export default function setup(): void {
  if (!findChromium()) throw new Error(missingMessage(installPlan()));
}
