-- CreateIndex
CREATE INDEX "dwellings_city_rent_idx" ON "dwellings"("city_id", "rent", "created_at" DESC, "id" DESC, "rooms", "size", "deleted_at");
