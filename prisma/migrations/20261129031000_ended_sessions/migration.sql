-- Logout ends the session on the server (issue 29, docs/decisions/0038).

-- CreateTable
CREATE TABLE "ended_sessions" (
    "id" TEXT NOT NULL,
    "user_id" INTEGER NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ended_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ended_sessions_user_id_expires_at_idx" ON "ended_sessions"("user_id", "expires_at");

-- AddForeignKey
ALTER TABLE "ended_sessions" ADD CONSTRAINT "ended_sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AlterTable
ALTER TABLE "user_tokens" ADD COLUMN     "session_id" TEXT,
ADD COLUMN     "session_version" INTEGER;
