-- Issue 34, an area search as fast as a city list (docs/decisions/0064-area-search.md): the list
-- statement's area condition, point(d.lng, d.lat) <@ $n::polygon, can read this index instead of
-- testing every dwelling's point. GiST's default operator class for point (point_ops) serves <@ with a
-- polygon: it selects by the polygon's bounding box and then tests each point with the very function
-- behind <@, so the answers are the same (on the edge is inside, PostgreSQL's 1e-6 tolerance, and a NULL
-- position is not indexed, and never inside). An expression index: Prisma's schema cannot state it,
-- so it lives in the migrations only (and in the embedded PGlite, which runs the same migrations).
CREATE INDEX "dwellings_position_idx" ON "dwellings" USING GIST (point("lng", "lat"));
