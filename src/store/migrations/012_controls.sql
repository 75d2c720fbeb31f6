-- Four eyes for every kind of approval and every maker (docs/behaviour.md, section 19).
--
-- A pending approval now names its kind (the list is src/domain/four-eyes.ts; the database does
-- not restrict it, so a new kind needs no migration of this table) and its subject: the
-- application for an application approval, the customer for a kind about a customer. The
-- application_id column stays for kinds whose subject is an application (its foreign key is
-- checked), and is null for the others. `terms` holds what the kind approves, as the kind stores
-- it. The maker may be the admin token: requested_by is then null, and requested_by_actor keeps
-- the maker as the audit log names it (an operator's email, or "admin token").
ALTER TABLE pending_approvals ADD COLUMN kind text NOT NULL DEFAULT 'application_approval';
ALTER TABLE pending_approvals ALTER COLUMN kind DROP DEFAULT;
ALTER TABLE pending_approvals ADD COLUMN subject_id uuid;
UPDATE pending_approvals SET subject_id = application_id;
ALTER TABLE pending_approvals ALTER COLUMN subject_id SET NOT NULL;
ALTER TABLE pending_approvals ALTER COLUMN application_id DROP NOT NULL;
ALTER TABLE pending_approvals RENAME COLUMN offers TO terms;
ALTER TABLE pending_approvals ALTER COLUMN requested_by DROP NOT NULL;
ALTER TABLE pending_approvals ADD COLUMN requested_by_actor text NOT NULL DEFAULT 'admin token';
UPDATE pending_approvals SET requested_by_actor = (SELECT email FROM operators WHERE operators.id = pending_approvals.requested_by)
 WHERE requested_by IS NOT NULL;
ALTER TABLE pending_approvals ALTER COLUMN requested_by_actor DROP DEFAULT;
DROP INDEX pending_approvals_one_open;
CREATE UNIQUE INDEX pending_approvals_one_open ON pending_approvals (kind, subject_id) WHERE status = 'pending';
CREATE INDEX pending_approvals_application ON pending_approvals (application_id) WHERE application_id IS NOT NULL;
