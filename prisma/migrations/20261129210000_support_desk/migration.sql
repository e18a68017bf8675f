-- The support desk (issue 33, docs/decisions/0061-support-desk.md): the admin role and its sessions, the
-- append-only audit log, blocked users, hidden tenant ads, and the records support reads (mails sent,
-- feed imports, boligagent runs).

-- AlterTable
ALTER TABLE "tenant_profiles" ADD COLUMN     "hidden_at" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "alerts" ADD COLUMN     "admin_key" UUID;

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "blocked_at" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "admins" (
    "user_id" INTEGER NOT NULL,
    "totp_secret" TEXT NOT NULL,
    "totp_step" BIGINT NOT NULL DEFAULT 0,
    "granted_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "admins_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "admin_sessions" (
    "id" TEXT NOT NULL,
    "user_id" INTEGER NOT NULL,
    "session_version" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "ended_at" TIMESTAMP(3),

    CONSTRAINT "admin_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "admin_audit_log" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "admin_user_id" INTEGER,
    "actor" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "target_user_id" INTEGER,
    "target" TEXT,
    "before" JSONB,
    "after" JSONB,
    "request_id" TEXT,

    CONSTRAINT "admin_audit_log_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sent_mails" (
    "id" BIGSERIAL NOT NULL,
    "recipient" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "message_id" TEXT NOT NULL,
    "sent_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sent_mails_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "feed_imports" (
    "id" SERIAL NOT NULL,
    "source" TEXT NOT NULL,
    "started_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMP(3),
    "counts" JSONB NOT NULL DEFAULT '{}',
    "error" TEXT,

    CONSTRAINT "feed_imports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "boligagent_runs" (
    "id" SERIAL NOT NULL,
    "started_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMP(3),
    "mails" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,

    CONSTRAINT "boligagent_runs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "alerts_admin_key_key" ON "alerts"("admin_key");

-- CreateIndex
CREATE INDEX "admin_sessions_user_id_idx" ON "admin_sessions"("user_id");

-- CreateIndex
CREATE INDEX "admin_audit_log_target_user_id_at_idx" ON "admin_audit_log"("target_user_id", "at");

-- CreateIndex
CREATE INDEX "admin_audit_log_at_idx" ON "admin_audit_log"("at");

-- CreateIndex
CREATE INDEX "sent_mails_recipient_sent_at_idx" ON "sent_mails"("recipient", "sent_at");

-- CreateIndex
CREATE INDEX "sent_mails_sent_at_idx" ON "sent_mails"("sent_at");

-- CreateIndex
CREATE INDEX "feed_imports_started_at_idx" ON "feed_imports"("started_at");

-- CreateIndex
CREATE INDEX "boligagent_runs_started_at_idx" ON "boligagent_runs"("started_at");

-- AddForeignKey
ALTER TABLE "admins" ADD CONSTRAINT "admins_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "admin_sessions" ADD CONSTRAINT "admin_sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Nobody changes or removes what the audit log says, through the application or a slip in psql: only
-- INSERT is let through. (A superuser can drop the trigger, which is a deliberate act, not a mistake.)
-- The body writes its semicolons as \073: Prisma splits a migration into statements at each one (as in 20261122055857).
CREATE FUNCTION admin_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  RAISE EXCEPTION ''admin_audit_log is append-only: % refused'', TG_OP USING ERRCODE = ''insufficient_privilege''\073
END';

CREATE TRIGGER admin_audit_log_no_update_or_delete BEFORE UPDATE OR DELETE ON "admin_audit_log"
  FOR EACH ROW EXECUTE FUNCTION admin_audit_log_append_only();

CREATE TRIGGER admin_audit_log_no_truncate BEFORE TRUNCATE ON "admin_audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION admin_audit_log_append_only();
