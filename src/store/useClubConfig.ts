import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from './hooks';
import { loadClubConfig, selectClubConfig, type ConfigState } from './configSlice';

/** The club's name and timezone (CLUB_NAME, APP_TIMEZONE of the server), loading them if nobody did yet. */
export function useClubConfig(): ConfigState {
  const config = useAppSelector(selectClubConfig);
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!config.loaded) void dispatch(loadClubConfig());
  }, [config.loaded, dispatch]);
  return config;
}
