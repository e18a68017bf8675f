-- CreateEnum
CREATE TYPE "city_alias_kind" AS ENUM ('ZIP', 'NAME');

-- CreateEnum
CREATE TYPE "landlord_type" AS ENUM ('PRIVATE', 'COMPANY', 'NONPROFIT');

-- CreateEnum
CREATE TYPE "user_token_kind" AS ENUM ('EMAIL_VERIFICATION', 'PASSWORD_RESET', 'EMAIL_CHANGE');

-- CreateEnum
CREATE TYPE "boligagent_frequency" AS ENUM ('INSTANT', 'DAILY', 'WEEKLY');

-- CreateEnum
CREATE TYPE "boligagent_pref_status" AS ENUM ('ACTIVE', 'INACTIVE');

-- CreateEnum
CREATE TYPE "boligagent_mail_status" AS ENUM ('PENDING', 'SENT', 'FAILED');

-- CreateEnum
CREATE TYPE "subscription_status" AS ENUM ('INCOMPLETE', 'ACTIVE', 'PAUSED', 'CANCELED', 'EXPIRED');

-- CreateEnum
CREATE TYPE "provider_type" AS ENUM ('CREDIT_CARD');

-- CreateEnum
CREATE TYPE "gender" AS ENUM ('MALE', 'FEMALE');

-- CreateTable
CREATE TABLE "cities" (
    "id" SERIAL NOT NULL,
    "slug" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "lat" DOUBLE PRECISION NOT NULL,
    "lng" DOUBLE PRECISION NOT NULL,
    "population" INTEGER,
    "municipality" TEXT,
    "popular_rank" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "cities_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "postal_codes" (
    "zip" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "lat" DOUBLE PRECISION,
    "lng" DOUBLE PRECISION,
    "municipality" TEXT,
    "city_id" INTEGER NOT NULL,

    CONSTRAINT "postal_codes_pkey" PRIMARY KEY ("zip")
);

-- CreateTable
CREATE TABLE "city_aliases" (
    "id" SERIAL NOT NULL,
    "alias" TEXT NOT NULL,
    "kind" "city_alias_kind" NOT NULL,
    "city_id" INTEGER NOT NULL,

    CONSTRAINT "city_aliases_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "landlords" (
    "id" SERIAL NOT NULL,
    "external_id" TEXT,
    "name" TEXT,
    "email" TEXT,
    "phone" TEXT,
    "url" TEXT,
    "address" TEXT,
    "type" "landlord_type" NOT NULL DEFAULT 'PRIVATE',
    "reference" TEXT,
    "remarks" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "landlords_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "dwellings" (
    "id" SERIAL NOT NULL,
    "external_id" TEXT,
    "source" TEXT NOT NULL DEFAULT 'husly',
    "headline" TEXT NOT NULL,
    "teaser" TEXT NOT NULL DEFAULT '',
    "description" TEXT NOT NULL DEFAULT '',
    "remarks" TEXT,
    "rent" INTEGER NOT NULL,
    "rooms" INTEGER NOT NULL,
    "size" INTEGER NOT NULL,
    "pets" INTEGER,
    "economy" TEXT,
    "available" TEXT,
    "timeframe" TEXT,
    "street" TEXT,
    "zip" TEXT,
    "city_id" INTEGER NOT NULL,
    "lat" DOUBLE PRECISION,
    "lng" DOUBLE PRECISION,
    "status" INTEGER NOT NULL DEFAULT 1,
    "facts" JSONB NOT NULL DEFAULT '{}',
    "landlord_id" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "deleted_at" TIMESTAMP(3),

    CONSTRAINT "dwellings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "dwelling_images" (
    "id" SERIAL NOT NULL,
    "dwelling_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "full_key" TEXT NOT NULL,
    "blurred_key" TEXT NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "dwelling_images_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact_fetches" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "dwelling_id" INTEGER NOT NULL,
    "landlord_id" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "contact_fetches_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "users" (
    "id" SERIAL NOT NULL,
    "email" TEXT,
    "name" TEXT NOT NULL,
    "cellphone" TEXT,
    "facebook_id" TEXT,
    "password_hash" TEXT,
    "email_verified" BOOLEAN NOT NULL DEFAULT false,
    "email_verified_at" TIMESTAMP(3),
    "language" TEXT NOT NULL DEFAULT 'da',
    "consent_communication" BOOLEAN NOT NULL DEFAULT false,
    "consent_communication_at" TIMESTAMP(3),
    "terms_accepted_at" TIMESTAMP(3),
    "utm_source" TEXT,
    "utm_campaign" TEXT,
    "utm_medium" TEXT,
    "utm_content" TEXT,
    "utm_term" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "deleted_at" TIMESTAMP(3),

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "user_meta" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "identifier" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "user_meta_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "user_tokens" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "kind" "user_token_kind" NOT NULL,
    "token_hash" TEXT NOT NULL,
    "email" TEXT,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "user_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "boligagents" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER,
    "email" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "verified_at" TIMESTAMP(3),
    "auto_adjust" BOOLEAN NOT NULL DEFAULT false,
    "language" TEXT NOT NULL DEFAULT 'da',
    "frequency" "boligagent_frequency" NOT NULL DEFAULT 'DAILY',
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "unsubscribed_at" TIMESTAMP(3),
    "last_mailed_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "boligagents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "boligagent_prefs" (
    "id" SERIAL NOT NULL,
    "boligagent_id" INTEGER NOT NULL,
    "city_id" INTEGER NOT NULL,
    "rent" INTEGER,
    "rooms" INTEGER,
    "size" INTEGER,
    "status" "boligagent_pref_status" NOT NULL DEFAULT 'ACTIVE',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "boligagent_prefs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "boligagent_deliveries" (
    "id" SERIAL NOT NULL,
    "boligagent_id" INTEGER NOT NULL,
    "dwelling_id" INTEGER NOT NULL,
    "mail_id" INTEGER,
    "sent_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "boligagent_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "boligagent_mails" (
    "id" SERIAL NOT NULL,
    "boligagent_id" INTEGER NOT NULL,
    "status" "boligagent_mail_status" NOT NULL DEFAULT 'PENDING',
    "message_id" TEXT,
    "dwelling_count" INTEGER NOT NULL DEFAULT 0,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMP(3),

    CONSTRAINT "boligagent_mails_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "mail_suppressions" (
    "id" SERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mail_suppressions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "offers" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "trial_days" INTEGER NOT NULL,
    "price" INTEGER NOT NULL,
    "interval_days" INTEGER NOT NULL,
    "oneoff" BOOLEAN NOT NULL DEFAULT false,
    "recurring" BOOLEAN NOT NULL DEFAULT true,
    "labels" JSONB NOT NULL DEFAULT '[]',
    "contact_limit" INTEGER,
    "contact_window_days" INTEGER,
    "intro" BOOLEAN NOT NULL DEFAULT false,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "stripe_price_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "offers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "subscriptions" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" INTEGER NOT NULL,
    "offer_id" INTEGER NOT NULL,
    "status" "subscription_status" NOT NULL DEFAULT 'INCOMPLETE',
    "starting_at" TIMESTAMP(3) NOT NULL,
    "ending_at" TIMESTAMP(3),
    "canceled_at" TIMESTAMP(3),
    "renew" BOOLEAN NOT NULL DEFAULT true,
    "next_subscription_id" UUID,
    "legacy_id" TEXT,
    "payment_provider_id" INTEGER,
    "provider_subscription_id" TEXT,
    "provider_customer_id" TEXT,
    "meta" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payment_providers" (
    "id" SERIAL NOT NULL,
    "provider" TEXT NOT NULL,
    "provider_type" "provider_type" NOT NULL DEFAULT 'CREDIT_CARD',
    "public_key" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "payment_providers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "transactions" (
    "id" SERIAL NOT NULL,
    "uuid" UUID NOT NULL DEFAULT gen_random_uuid(),
    "orderno" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "subscription_id" UUID,
    "amount" INTEGER NOT NULL,
    "vat" INTEGER NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'DKK',
    "customer_name" TEXT NOT NULL,
    "customer_address" TEXT,
    "customer_zipcode" TEXT,
    "customer_city" TEXT,
    "company" JSONB NOT NULL,
    "provider_ref" TEXT,
    "timestamp" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "transactions_pkey" PRIMARY KEY ("id")
);

-- Hand-written: order numbers have 4 digits and start at 1000 (spec section 9). Prisma does not
-- model sequence start values, so this causes no schema drift.
ALTER SEQUENCE "transactions_orderno_seq" START WITH 1000 RESTART;

-- CreateTable
CREATE TABLE "transaction_lines" (
    "id" SERIAL NOT NULL,
    "transaction_id" INTEGER NOT NULL,
    "label" TEXT NOT NULL,
    "price" INTEGER NOT NULL,
    "vat" INTEGER NOT NULL,
    "subtotal" INTEGER NOT NULL,

    CONSTRAINT "transaction_lines_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "unsubscriptions" (
    "id" SERIAL NOT NULL,
    "uuid" UUID NOT NULL DEFAULT gen_random_uuid(),
    "reason" JSONB,
    "name" TEXT,
    "email" TEXT,
    "phone" TEXT,
    "orderno" TEXT,
    "message" TEXT,
    "user_id" INTEGER,
    "subscription_id" UUID,
    "timestamp" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "unsubscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tenant_profiles" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "phone" TEXT,
    "phone_alt" TEXT,
    "gender" "gender",
    "age" INTEGER,
    "profession" TEXT,
    "rki" BOOLEAN NOT NULL DEFAULT false,
    "city_id" INTEGER,
    "rent" INTEGER,
    "rooms" INTEGER,
    "size" INTEGER,
    "dwelling_types" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "timeframes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "available_from" DATE,
    "subject" TEXT,
    "text" TEXT,
    "published" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "tenant_profiles_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "alerts" (
    "id" SERIAL NOT NULL,
    "headline" TEXT NOT NULL,
    "link" TEXT,
    "text" TEXT NOT NULL,
    "style" TEXT NOT NULL DEFAULT 'info',
    "multiline" BOOLEAN NOT NULL DEFAULT false,
    "views" INTEGER NOT NULL DEFAULT 0,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "alerts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notification_logs" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER,
    "boligagent_id" INTEGER,
    "source" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "dwelling_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notification_logs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "events" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER,
    "visitor_id" TEXT,
    "type" TEXT NOT NULL,
    "payload" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "cities_slug_key" ON "cities"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "cities_popular_rank_key" ON "cities"("popular_rank");

-- CreateIndex
CREATE INDEX "postal_codes_city_id_idx" ON "postal_codes"("city_id");

-- CreateIndex
CREATE UNIQUE INDEX "city_aliases_alias_key" ON "city_aliases"("alias");

-- CreateIndex
CREATE INDEX "city_aliases_city_id_idx" ON "city_aliases"("city_id");

-- CreateIndex
CREATE UNIQUE INDEX "landlords_external_id_key" ON "landlords"("external_id");

-- CreateIndex
CREATE UNIQUE INDEX "dwellings_external_id_key" ON "dwellings"("external_id");

-- CreateIndex
CREATE INDEX "dwellings_city_newest_idx" ON "dwellings"("city_id", "created_at" DESC, "id" DESC, "rent", "rooms", "size", "deleted_at");

-- CreateIndex
CREATE INDEX "dwellings_newest_idx" ON "dwellings"("created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "dwellings_landlord_id_idx" ON "dwellings"("landlord_id");

-- CreateIndex
CREATE UNIQUE INDEX "dwelling_images_full_key_key" ON "dwelling_images"("full_key");

-- CreateIndex
CREATE UNIQUE INDEX "dwelling_images_blurred_key_key" ON "dwelling_images"("blurred_key");

-- CreateIndex
CREATE UNIQUE INDEX "dwelling_images_dwelling_id_position_key" ON "dwelling_images"("dwelling_id", "position");

-- CreateIndex
CREATE INDEX "contact_fetches_user_id_created_at_idx" ON "contact_fetches"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "contact_fetches_dwelling_id_idx" ON "contact_fetches"("dwelling_id");

-- CreateIndex
CREATE INDEX "contact_fetches_landlord_id_idx" ON "contact_fetches"("landlord_id");

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE UNIQUE INDEX "users_facebook_id_key" ON "users"("facebook_id");

-- CreateIndex
CREATE UNIQUE INDEX "user_meta_user_id_identifier_key" ON "user_meta"("user_id", "identifier");

-- CreateIndex
CREATE UNIQUE INDEX "user_tokens_token_hash_key" ON "user_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "user_tokens_user_id_kind_idx" ON "user_tokens"("user_id", "kind");

-- CreateIndex
CREATE UNIQUE INDEX "boligagents_user_id_key" ON "boligagents"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "boligagents_email_key" ON "boligagents"("email");

-- CreateIndex
CREATE UNIQUE INDEX "boligagents_token_key" ON "boligagents"("token");

-- CreateIndex
CREATE INDEX "boligagents_enabled_frequency_last_mailed_at_idx" ON "boligagents"("enabled", "frequency", "last_mailed_at");

-- CreateIndex
CREATE INDEX "boligagent_prefs_city_id_status_idx" ON "boligagent_prefs"("city_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "boligagent_prefs_boligagent_id_city_id_key" ON "boligagent_prefs"("boligagent_id", "city_id");

-- CreateIndex
CREATE INDEX "boligagent_deliveries_dwelling_id_idx" ON "boligagent_deliveries"("dwelling_id");

-- CreateIndex
CREATE INDEX "boligagent_deliveries_mail_id_idx" ON "boligagent_deliveries"("mail_id");

-- CreateIndex
CREATE UNIQUE INDEX "boligagent_deliveries_boligagent_id_dwelling_id_key" ON "boligagent_deliveries"("boligagent_id", "dwelling_id");

-- CreateIndex
CREATE INDEX "boligagent_mails_boligagent_id_created_at_idx" ON "boligagent_mails"("boligagent_id", "created_at");

-- CreateIndex
CREATE INDEX "boligagent_mails_status_created_at_idx" ON "boligagent_mails"("status", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "mail_suppressions_email_key" ON "mail_suppressions"("email");

-- CreateIndex
CREATE UNIQUE INDEX "offers_name_key" ON "offers"("name");

-- CreateIndex
CREATE UNIQUE INDEX "subscriptions_next_subscription_id_key" ON "subscriptions"("next_subscription_id");

-- CreateIndex
CREATE UNIQUE INDEX "subscriptions_provider_subscription_id_key" ON "subscriptions"("provider_subscription_id");

-- CreateIndex
CREATE INDEX "subscriptions_user_id_status_idx" ON "subscriptions"("user_id", "status");

-- CreateIndex
CREATE INDEX "subscriptions_status_ending_at_idx" ON "subscriptions"("status", "ending_at");

-- CreateIndex
CREATE INDEX "subscriptions_offer_id_idx" ON "subscriptions"("offer_id");

-- CreateIndex
CREATE UNIQUE INDEX "transactions_uuid_key" ON "transactions"("uuid");

-- CreateIndex
CREATE UNIQUE INDEX "transactions_orderno_key" ON "transactions"("orderno");

-- CreateIndex
CREATE UNIQUE INDEX "transactions_provider_ref_key" ON "transactions"("provider_ref");

-- CreateIndex
CREATE INDEX "transactions_user_id_timestamp_idx" ON "transactions"("user_id", "timestamp");

-- CreateIndex
CREATE INDEX "transactions_subscription_id_idx" ON "transactions"("subscription_id");

-- CreateIndex
CREATE INDEX "transaction_lines_transaction_id_idx" ON "transaction_lines"("transaction_id");

-- CreateIndex
CREATE UNIQUE INDEX "unsubscriptions_uuid_key" ON "unsubscriptions"("uuid");

-- CreateIndex
CREATE INDEX "unsubscriptions_user_id_idx" ON "unsubscriptions"("user_id");

-- CreateIndex
CREATE INDEX "unsubscriptions_subscription_id_idx" ON "unsubscriptions"("subscription_id");

-- CreateIndex
CREATE UNIQUE INDEX "tenant_profiles_user_id_key" ON "tenant_profiles"("user_id");

-- CreateIndex
CREATE INDEX "tenant_profiles_city_id_published_idx" ON "tenant_profiles"("city_id", "published");

-- CreateIndex
CREATE INDEX "notification_logs_user_id_idx" ON "notification_logs"("user_id");

-- CreateIndex
CREATE INDEX "notification_logs_boligagent_id_idx" ON "notification_logs"("boligagent_id");

-- CreateIndex
CREATE INDEX "notification_logs_dwelling_id_idx" ON "notification_logs"("dwelling_id");

-- CreateIndex
CREATE INDEX "notification_logs_created_at_idx" ON "notification_logs"("created_at");

-- CreateIndex
CREATE INDEX "events_type_created_at_idx" ON "events"("type", "created_at");

-- CreateIndex
CREATE INDEX "events_user_id_idx" ON "events"("user_id");

-- AddForeignKey
ALTER TABLE "postal_codes" ADD CONSTRAINT "postal_codes_city_id_fkey" FOREIGN KEY ("city_id") REFERENCES "cities"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "city_aliases" ADD CONSTRAINT "city_aliases_city_id_fkey" FOREIGN KEY ("city_id") REFERENCES "cities"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dwellings" ADD CONSTRAINT "dwellings_city_id_fkey" FOREIGN KEY ("city_id") REFERENCES "cities"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dwellings" ADD CONSTRAINT "dwellings_landlord_id_fkey" FOREIGN KEY ("landlord_id") REFERENCES "landlords"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dwelling_images" ADD CONSTRAINT "dwelling_images_dwelling_id_fkey" FOREIGN KEY ("dwelling_id") REFERENCES "dwellings"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_fetches" ADD CONSTRAINT "contact_fetches_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_fetches" ADD CONSTRAINT "contact_fetches_dwelling_id_fkey" FOREIGN KEY ("dwelling_id") REFERENCES "dwellings"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_fetches" ADD CONSTRAINT "contact_fetches_landlord_id_fkey" FOREIGN KEY ("landlord_id") REFERENCES "landlords"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_meta" ADD CONSTRAINT "user_meta_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "boligagents" ADD CONSTRAINT "boligagents_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "boligagent_prefs" ADD CONSTRAINT "boligagent_prefs_boligagent_id_fkey" FOREIGN KEY ("boligagent_id") REFERENCES "boligagents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "boligagent_prefs" ADD CONSTRAINT "boligagent_prefs_city_id_fkey" FOREIGN KEY ("city_id") REFERENCES "cities"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "boligagent_deliveries" ADD CONSTRAINT "boligagent_deliveries_boligagent_id_fkey" FOREIGN KEY ("boligagent_id") REFERENCES "boligagents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "boligagent_deliveries" ADD CONSTRAINT "boligagent_deliveries_dwelling_id_fkey" FOREIGN KEY ("dwelling_id") REFERENCES "dwellings"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "boligagent_deliveries" ADD CONSTRAINT "boligagent_deliveries_mail_id_fkey" FOREIGN KEY ("mail_id") REFERENCES "boligagent_mails"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "boligagent_mails" ADD CONSTRAINT "boligagent_mails_boligagent_id_fkey" FOREIGN KEY ("boligagent_id") REFERENCES "boligagents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_offer_id_fkey" FOREIGN KEY ("offer_id") REFERENCES "offers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_payment_provider_id_fkey" FOREIGN KEY ("payment_provider_id") REFERENCES "payment_providers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_next_subscription_id_fkey" FOREIGN KEY ("next_subscription_id") REFERENCES "subscriptions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_subscription_id_fkey" FOREIGN KEY ("subscription_id") REFERENCES "subscriptions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transaction_lines" ADD CONSTRAINT "transaction_lines_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "transactions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "unsubscriptions" ADD CONSTRAINT "unsubscriptions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "unsubscriptions" ADD CONSTRAINT "unsubscriptions_subscription_id_fkey" FOREIGN KEY ("subscription_id") REFERENCES "subscriptions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tenant_profiles" ADD CONSTRAINT "tenant_profiles_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tenant_profiles" ADD CONSTRAINT "tenant_profiles_city_id_fkey" FOREIGN KEY ("city_id") REFERENCES "cities"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notification_logs" ADD CONSTRAINT "notification_logs_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notification_logs" ADD CONSTRAINT "notification_logs_boligagent_id_fkey" FOREIGN KEY ("boligagent_id") REFERENCES "boligagents"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notification_logs" ADD CONSTRAINT "notification_logs_dwelling_id_fkey" FOREIGN KEY ("dwelling_id") REFERENCES "dwellings"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "events" ADD CONSTRAINT "events_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
