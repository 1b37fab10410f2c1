-- Schema step 5: a verdict keeps the real principal beside the effective one.
--
-- Every audit and memory-use record keeps both who acted and whom they acted
-- as (DESIGN.md invariant 9). Verdicts kept only the effective principal, so
-- an admin's verdict given as someone else read as that person's own.
-- `principal` stays the effective principal (whose verdict it is); rows
-- written before this step have no real principal recorded (NULL).

ALTER TABLE memory_use_verdicts ADD COLUMN real_principal TEXT;
