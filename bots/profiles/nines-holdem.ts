import type { Profile } from './profile.js';

/** The tuned defaults of the built-in bots in nines-holdem (see `Profile`). */
export const ninesHoldemProfile: Profile = {
  bots: {},
  sources: [],
};
