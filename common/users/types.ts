// Answers of the user changes (server/features/users/routes.ts) that common/users/rules.ts does not
// already type (UsersListResponse, SyncResponse, UserAuditResponse). Types only: nothing here runs.
import type { User } from './rules';

/** POST /api/users (201, an invitation) and PUT /api/users/:id/role: the Italian message and the user as now. */
export interface UserChangeResponse {
  message: string;
  data: User;
}

/** DELETE /api/users/:id and POST /api/users/:id/unlock: the Italian message. */
export interface UserMessageResponse {
  message: string;
}
