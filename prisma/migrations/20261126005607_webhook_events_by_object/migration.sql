-- CreateIndex
CREATE INDEX "payment_webhook_events_object_id_processed_at_idx" ON "payment_webhook_events"("object_id", "processed_at");
