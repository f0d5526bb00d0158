-- 'Region N' names were positions in the list (regions by their first photo's date): a photo
-- dated earlier elsewhere renumbered every region after it. Each workspace's regions are now
-- numbered once, in the order they appear, and keep their number: this table holds it, per
-- workspace (a personal workspace's id is its user's id, as in utility_pole_regions).
CREATE TABLE utility_pole_region_numbers (
  workspace_id text NOT NULL,
  region_lon double precision NOT NULL,
  region_lat double precision NOT NULL,
  number integer NOT NULL,
  PRIMARY KEY (workspace_id, region_lon, region_lat),
  UNIQUE (workspace_id, number)
);
--> statement-breakpoint
-- The regions there are keep the names they have today (list order).
INSERT INTO utility_pole_region_numbers (workspace_id, region_lon, region_lat, number)
SELECT workspace_id, region_lon, region_lat,
       row_number() OVER (PARTITION BY workspace_id
                          ORDER BY utility_pole_list_key(first_date, first_created_at, first_id))
FROM utility_pole_regions;
--> statement-breakpoint
-- A region appears when its summary row is first inserted (the summary triggers hold the
-- workspace's lock then, so two statements cannot take the same number). The refresh deletes and
-- re-inserts rows of regions that exist: those already have their number. A number is never
-- given again: a region emptied and filled again gets its own back.
CREATE FUNCTION utility_pole_regions_numbered() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO utility_pole_region_numbers (workspace_id, region_lon, region_lat, number)
  SELECT n.workspace_id, n.region_lon, n.region_lat,
         COALESCE((SELECT max(number) FROM utility_pole_region_numbers m WHERE m.workspace_id = n.workspace_id), 0)
         + row_number() OVER (PARTITION BY n.workspace_id ORDER BY n.first_created_at, n.first_id)
  FROM new_rows n
  WHERE NOT EXISTS (
    SELECT 1 FROM utility_pole_region_numbers e
    WHERE e.workspace_id = n.workspace_id AND e.region_lon = n.region_lon AND e.region_lat = n.region_lat
  );
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER utility_pole_regions_numbered AFTER INSERT ON utility_pole_regions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION utility_pole_regions_numbered();
