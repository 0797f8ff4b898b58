import type { Profile } from './profile.js';

/** The tuned defaults of the built-in bots in multiples-of-nine (see `Profile`). */
export const multiplesOfNineProfile: Profile = {
  bots: {},
  sources: [],
};
