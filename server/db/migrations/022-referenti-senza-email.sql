-- A referent without an email receives nothing, so the only choice it may hold is 'nessuna'
-- (common/notifications/rules.ts refuses another, the form shows 'Nessuna' disabled). Referents stored
-- before the rule keep their data; only the choice they could not use is set to 'nessuna'.
UPDATE public.gruppi_referenti SET notifiche = 'nessuna' WHERE email IS NULL AND notifiche <> 'nessuna';
