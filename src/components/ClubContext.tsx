import { createContext, useContext } from 'react';
import { DEFAULT_CLUB_CONFIG, type ClubConfig } from '../config/publicConfig';

/**
 * The club's name and timezone for components that must also run without the Redux store: the public
 * page is served by a small shell with no store (docs/public-page.md), the signed-in app fills it from the store.
 */
export const ClubContext = createContext<ClubConfig>(DEFAULT_CLUB_CONFIG);

export const useClub = (): ClubConfig => useContext(ClubContext);
