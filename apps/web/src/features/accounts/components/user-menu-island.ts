import { islandOnDemand } from '../../../lib/islands';

// The header's user menu: hidden until its toggle is used, so its code loads then and is part of
// no page's script (lib/islands.tsx). The island is made here so the chunk stays the feature's own.
export const userMenuIsland = islandOnDemand(() => import('./user-menu').then((module) => module.UserMenuItems));
