import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_APP_CONFIG, loadPublicConfig, type AppConfig } from '../config/publicConfig';

export interface ConfigState extends AppConfig {
  /** Whether GET /api/config answered; until then the server's defaults are used. */
  loaded: boolean;
}

const initialState: ConfigState = { ...DEFAULT_APP_CONFIG, loaded: false };

/** The club's name and timezone (and the clash margin, docs/occupancy.md) from GET /api/config, in one place for every screen. */
export const configSlice = createSlice({
  name: 'config',
  initialState,
  reducers: {
    configLoaded(_state, action: PayloadAction<AppConfig>) {
      return { clubName: action.payload.clubName, timezone: action.payload.timezone, clashMarginMinutes: action.payload.clashMarginMinutes, loaded: true };
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
