import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_CLUB_CONFIG, loadPublicConfig, type ClubConfig } from '../config/publicConfig';

export interface ConfigState extends ClubConfig {
  /** Whether GET /api/config answered; until then the server's defaults are used. */
  loaded: boolean;
}

const initialState: ConfigState = { ...DEFAULT_CLUB_CONFIG, loaded: false };

/** The club's name and timezone from GET /api/config, in one place for every screen. */
export const configSlice = createSlice({
  name: 'config',
  initialState,
  reducers: {
    configLoaded(_state, action: PayloadAction<ClubConfig>) {
      return { clubName: action.payload.clubName, timezone: action.payload.timezone, loaded: true };
    },
  },
  selectors: {
    selectClubConfig: (state) => state,
    selectClubName: (state) => state.clubName,
    selectTimezone: (state) => state.timezone,
  },
});

export const { configLoaded } = configSlice.actions;
export const { selectClubConfig, selectClubName, selectTimezone } = configSlice.selectors;

/** Loads GET /api/config into the store (one request for the page, shared with the supabase client); failures keep the defaults. */
export const loadClubConfig = () => async (dispatch: (action: ReturnType<typeof configLoaded>) => unknown) => {
  try {
    dispatch(configLoaded(await loadPublicConfig()));
  } catch {
    // The defaults stay; the next screen that needs the config asks again.
  }
};
