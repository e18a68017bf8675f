-- AlterEnum
ALTER TYPE "user_token_kind" ADD VALUE 'LANGUAGE_HANDOFF';
