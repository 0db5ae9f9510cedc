import { isFulfilled, type Middleware } from '@reduxjs/toolkit';
import { api, listTag } from '../api/api';

/**
 * Every write the server accepted wrote a line to the activity log (server/shared/activity.ts), so
 * after any successful mutation the log's cached pages are read again: the screen shows the line
 * without a reload. One rule here instead of a tag on each mutation, so that a new one cannot forget it.
 */
export const activityRefreshMiddleware: Middleware = (store) => (next) => (action) => {
  const result = next(action);
  if (isFulfilled(action) && (action.meta as { arg?: { type?: string } }).arg?.type === 'mutation') {
    store.dispatch(api.util.invalidateTags([listTag('Activity')]));
  }
  return result;
};
