-- Issue 34, "A boligagent watches a drawn area" (docs/decisions/0064-area-search.md): besides its
-- city prefs an agent can watch up to 3 drawn areas, each with the city prefs' sliders.

-- CreateTable
CREATE TABLE "boligagent_areas" (
    "id" SERIAL NOT NULL,
    "boligagent_id" INTEGER NOT NULL,
    "area" TEXT NOT NULL,
    "polygon" TEXT NOT NULL,
    "rent" INTEGER,
    "rooms" INTEGER,
    "size" INTEGER,
    "status" "boligagent_pref_status" NOT NULL DEFAULT 'ACTIVE',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "boligagent_areas_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "boligagent_areas_boligagent_id_area_key" ON "boligagent_areas"("boligagent_id", "area");

-- AddForeignKey
ALTER TABLE "boligagent_areas" ADD CONSTRAINT "boligagent_areas_boligagent_id_fkey" FOREIGN KEY ("boligagent_id") REFERENCES "boligagents"("id") ON DELETE CASCADE ON UPDATE CASCADE;
