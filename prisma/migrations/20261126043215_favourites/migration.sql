-- CreateTable
CREATE TABLE "favourites" (
    "user_id" INTEGER NOT NULL,
    "dwelling_id" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "favourites_pkey" PRIMARY KEY ("user_id","dwelling_id")
);

-- CreateIndex
CREATE INDEX "favourites_user_id_created_at_idx" ON "favourites"("user_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "favourites_dwelling_id_idx" ON "favourites"("dwelling_id");

-- AddForeignKey
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_dwelling_id_fkey" FOREIGN KEY ("dwelling_id") REFERENCES "dwellings"("id") ON DELETE CASCADE ON UPDATE CASCADE;
