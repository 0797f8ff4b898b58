import type { Profile } from './profile.js';

/** The tuned defaults of the built-in bots in nine-muses (see `Profile`). */
export const nineMusesProfile: Profile = {
  bots: {},
  sources: [],
};
