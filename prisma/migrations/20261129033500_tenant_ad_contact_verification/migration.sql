-- AlterEnum
-- The link that proves the tenant ad's contact address (issue 29): stored hashed in user_tokens like the account links.
ALTER TYPE "user_token_kind" ADD VALUE 'TENANT_AD_EMAIL_VERIFICATION';

-- AlterTable
-- Set when the address the ad relays to was proven by its link, cleared when that address changes.
-- Existing ads start unverified: their address was never proven (an ad whose address is the
-- account's own verified one relays without this, decided at relay time).
ALTER TABLE "tenant_profiles" ADD COLUMN     "email_verified_at" TIMESTAMP(3);
