import type { Profile } from './profile.js';

/** The tuned defaults of the built-in bots in nine-lives (see `Profile`). */
export const nineLivesProfile: Profile = {
  bots: {},
  sources: [],
};
