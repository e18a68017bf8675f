-- A logout deletes every expired ended_sessions row, of any user (docs/decisions/0038).

-- DropIndex
DROP INDEX "ended_sessions_user_id_expires_at_idx";

-- CreateIndex
CREATE INDEX "ended_sessions_user_id_idx" ON "ended_sessions"("user_id");

-- CreateIndex
CREATE INDEX "ended_sessions_expires_at_idx" ON "ended_sessions"("expires_at");
