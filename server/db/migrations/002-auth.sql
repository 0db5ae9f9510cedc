-- Authentication, in the shape of Supabase's auth schema (only the columns we use), so that
-- accounts can be imported with their bcrypt hashes.
CREATE SCHEMA IF NOT EXISTS auth;

CREATE TABLE auth.users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  aud text NOT NULL DEFAULT 'authenticated',
  role text NOT NULL DEFAULT 'authenticated',
  email text NOT NULL,
  encrypted_password text,
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  recovery_sent_at timestamptz,
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  -- app_metadata.role is the application role (reader, editor, admin): the one the server trusts.
  raw_app_meta_data jsonb NOT NULL DEFAULT '{"provider":"email","providers":["email"],"role":"reader"}',
  raw_user_meta_data jsonb NOT NULL DEFAULT '{}',
  banned_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT users_email_lower CHECK (email = lower(email)),
  CONSTRAINT users_app_role CHECK (raw_app_meta_data->>'role' IN ('reader', 'editor', 'admin'))
);
CREATE UNIQUE INDEX users_email_key ON auth.users (email);

CREATE TABLE auth.sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  aal text NOT NULL DEFAULT 'aal1',
  amr_method text NOT NULL DEFAULT 'password',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  refreshed_at timestamptz,
  user_agent text,
  ip inet
);
CREATE INDEX sessions_user_id_idx ON auth.sessions (user_id);

-- Refresh tokens are stored as SHA-256 hashes only; parent (the parent's hash) links the
-- rotation chain. A child token is HMAC(secret, parent token + derivation_nonce): whoever
-- presents the parent again (a client that lost the last answer, a concurrent refresh) gets
-- the same child back, while the database alone never yields a usable token.
CREATE TABLE auth.refresh_tokens (
  id bigserial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  session_id uuid NOT NULL REFERENCES auth.sessions (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  parent text,
  derivation_nonce text,
  revoked boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refresh_tokens_session_idx ON auth.refresh_tokens (session_id);
CREATE INDEX refresh_tokens_parent_idx ON auth.refresh_tokens (parent);

-- Recovery and invitation links: one use, stored hashed, expiring.
CREATE TABLE auth.one_time_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  token_type text NOT NULL CHECK (token_type IN ('recovery', 'invite')),
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX one_time_tokens_user_idx ON auth.one_time_tokens (user_id, token_type);

-- Failed sign-ins per account (the lock-out, docs/auth.md) and per IP; shared by every server process.
CREATE TABLE public.login_attempts (
  id bigserial PRIMARY KEY,
  email text NOT NULL,
  ip inet,
  success boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_attempts_email_idx ON public.login_attempts (email, created_at DESC);
CREATE INDEX login_attempts_ip_idx ON public.login_attempts (ip, created_at DESC);

CREATE TABLE public.account_locks (
  email text PRIMARY KEY,
  locked_until timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Per-key request counters (per-IP limits, mail cooldowns) kept in the database, so that
-- several server processes on one database share them.
CREATE TABLE public.rate_limits (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The users list of the admin screen (docs/users.md): one row per account, kept in step with
-- auth.users by every change and by POST /api/users/sync.
CREATE TABLE public.users (
  user_id uuid PRIMARY KEY REFERENCES auth.users (id) ON DELETE CASCADE,
  email text NOT NULL,
  role text NOT NULL DEFAULT 'reader' CHECK (role IN ('reader', 'editor', 'admin')),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_sign_in_at timestamptz,
  last_updated timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX users_role_idx ON public.users (role);
