import type { Profile } from './profile.js';

/** The tuned defaults of the built-in bots in nine-virtues (see `Profile`). */
export const nineVirtuesProfile: Profile = {
  bots: {},
  sources: [],
};
