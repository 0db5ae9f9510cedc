-- Sign-in locks per account AND client address: five wrong passwords from one address lock that
-- address out of the account, not its owner elsewhere. ip '' is the account-wide lock, placed by a
-- much higher ceiling of failures from all addresses (the brute-force brake).
ALTER TABLE public.account_locks ADD COLUMN ip text NOT NULL DEFAULT '';
ALTER TABLE public.account_locks DROP CONSTRAINT account_locks_pkey;
ALTER TABLE public.account_locks ADD PRIMARY KEY (email, ip);
