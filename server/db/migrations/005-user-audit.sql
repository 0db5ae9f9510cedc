-- The user audit log (docs/users.md): who changed which account, and how.
-- No foreign key to the users: a record outlives the accounts it names.
CREATE TABLE public.user_audit (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  ip_address inet,
  action_type text NOT NULL CHECK (action_type IN ('CREATE', 'UPDATE', 'DELETE', 'ROLE_CHANGE')),
  target_user_id uuid,
  target_user_email text,
  target_user_role_before text CHECK (target_user_role_before IN ('reader', 'editor', 'admin')),
  target_user_role_after text CHECK (target_user_role_after IN ('reader', 'editor', 'admin')),
  performed_by_user_id uuid,
  performed_by_email text,
  performed_by_role text CHECK (performed_by_role IN ('reader', 'editor', 'admin')),
  changes jsonb
);

-- The screen lists newest first, filtered by action, target, performer and a date range.
CREATE INDEX user_audit_created_idx ON public.user_audit (created_at DESC, id DESC);
CREATE INDEX user_audit_action_idx ON public.user_audit (action_type, created_at DESC);
CREATE INDEX user_audit_target_idx ON public.user_audit (target_user_id, created_at DESC);
CREATE INDEX user_audit_performer_idx ON public.user_audit (performed_by_user_id, created_at DESC);

-- An audit trail that can be rewritten proves nothing: refuse every UPDATE and DELETE.
CREATE FUNCTION public.user_audit_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'user_audit records are append-only';
END;
$$;
CREATE TRIGGER user_audit_no_update_delete
  BEFORE UPDATE OR DELETE ON public.user_audit
  FOR EACH ROW EXECUTE FUNCTION public.user_audit_immutable();
