import { api, CACHE_TTL, itemTag, listTag, listTags } from '../../api/api';
import type { Role } from '../../../common/users/roles';
import type { AuditAction, SyncResponse, UserAuditResponse, UsersListResponse } from '../../../common/users/rules';
import type { UserChangeResponse, UserMessageResponse } from '../../../common/users/types';

export interface AuditFilters {
  page: number;
  limit: number;
  action_type?: AuditAction | '';
  target_user_id?: string;
  performed_by_user_id?: string;
  start_date?: string;
  end_date?: string;
}

/** Only the filters that are set travel as query parameters. */
export function auditParams(f: AuditFilters): Record<string, string> {
  const out: Record<string, string> = { page: String(f.page), limit: String(f.limit) };
  for (const key of ['action_type', 'target_user_id', 'performed_by_user_id', 'start_date', 'end_date'] as const) {
    const v = f[key];
    if (v) out[key] = v;
  }
  return out;
}

/** Users and the user audit log (docs/users.md): every change also invalidates the audit log it writes to. */
export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUsers: build.query<UsersListResponse, void>({
      query: () => 'api/users',
      providesTags: (result) => listTags('User', result?.data),
      keepUnusedDataFor: CACHE_TTL.list,
    }),
    inviteUser: build.mutation<UserChangeResponse, { email: string; role: Role }>({
      query: (body) => ({ url: 'api/users', method: 'POST', body }),
      invalidatesTags: [listTag('User'), listTag('UserAudit')],
    }),
    changeUserRole: build.mutation<UserChangeResponse, { id: string; role: Role }>({
      query: ({ id, role }) => ({ url: `api/users/${encodeURIComponent(id)}/role`, method: 'PUT', body: { role } }),
      invalidatesTags: (_r, _e, { id }) => [itemTag('User', id), listTag('UserAudit')],
    }),
    deleteUser: build.mutation<UserMessageResponse, string>({
      query: (id) => ({ url: `api/users/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [itemTag('User', id), listTag('User'), listTag('UserAudit')],
    }),
    unlockUser: build.mutation<UserMessageResponse, string>({
      query: (id) => ({ url: `api/users/${encodeURIComponent(id)}/unlock`, method: 'POST', body: {} }),
      invalidatesTags: (_r, _e, id) => [itemTag('User', id), listTag('User')],
    }),
    reinviteUser: build.mutation<UserMessageResponse, string>({
      query: (id) => ({ url: `api/users/${encodeURIComponent(id)}/reinvito`, method: 'POST', body: {} }),
      invalidatesTags: (_r, _e, id) => [itemTag('User', id), listTag('User')],
    }),
    /** The categories whose players the user sees (docs/players.md): every one, or those named. */
    setUserGruppi: build.mutation<UserChangeResponse, { id: string; body: { tutte: true } | { gruppi: string[] } }>({
      query: ({ id, body }) => ({ url: `api/users/${encodeURIComponent(id)}/gruppi`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => [itemTag('User', id), listTag('UserAudit')],
    }),
    syncUsers: build.mutation<SyncResponse, void>({
      query: () => ({ url: 'api/users/sync', method: 'POST' }),
      invalidatesTags: [listTag('User'), listTag('UserAudit')],
    }),
    getUserAudit: build.query<UserAuditResponse, AuditFilters>({
      query: (filters) => ({ url: 'api/user-audit', params: auditParams(filters) }),
      providesTags: [listTag('UserAudit')],
      keepUnusedDataFor: CACHE_TTL.audit,
    }),
  }),
});

export const {
  useGetUsersQuery,
  useInviteUserMutation,
  useChangeUserRoleMutation,
  useDeleteUserMutation,
  useUnlockUserMutation,
  useReinviteUserMutation,
  useSyncUsersMutation,
  useSetUserGruppiMutation,
  useGetUserAuditQuery,
} = usersApi;
