import type { Profile } from './profile.js';

/** The tuned defaults of the built-in bots in captains-orders (see `Profile`). */
export const captainsOrdersProfile: Profile = {
  bots: {},
  sources: [],
};
