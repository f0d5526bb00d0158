-- A photo joins the register pole in its line of sight. Crews stand 10-25 m from a pole to
-- photograph it, so the photo-only rule (the nearest pole within SPOT_RADIUS_METERS of the camera)
-- made a new pole beside every register pole instead of joining it. The constants are
-- packages/shared/src/pole-join.ts's.
DROP FUNCTION utility_pole_assign(text, float8, float8, float8);
--> statement-breakpoint
CREATE FUNCTION utility_pole_register_near(workspace text, lat float8, lon float8, reach float8)
RETURNS TABLE (id uuid, tag text, label text, latitude float8, longitude float8, distance_m float8, bearing_deg float8)
LANGUAGE sql STABLE AS $$
  WITH box AS (
    SELECT b.dlat,
      CASE WHEN abs(lat) + b.dlat >= 89 OR abs(lon) + b.dlat / cos(radians(abs(lat) + b.dlat)) >= 180
        THEN NULL ELSE b.dlat / cos(radians(abs(lat) + b.dlat)) END AS dlon
    FROM (SELECT reach / 111194.9 + 1e-9 AS dlat) b
  )
  SELECT p.id, p.tag, p.label, p.latitude, p.longitude, d.m,
    mod((degrees(atan2(
      sin(radians(p.longitude - lon)) * cos(radians(p.latitude)),
      cos(radians(lat)) * sin(radians(p.latitude))
        - sin(radians(lat)) * cos(radians(p.latitude)) * cos(radians(p.longitude - lon)))) + 360)::numeric, 360)::float8
  FROM box
  JOIN utility_poles p ON p.workspace_id = workspace
    AND p.latitude BETWEEN lat - box.dlat AND lat + box.dlat
    AND p.longitude BETWEEN coalesce(lon - box.dlon, -180) AND coalesce(lon + box.dlon, 180)
  CROSS JOIN LATERAL (SELECT utility_pole_distance(p.latitude, p.longitude, lat, lon) AS m) d
  WHERE (p.source = 'import' OR p.tag IS NOT NULL) AND d.m <= reach
  ORDER BY d.m, p.created_at, p.id;
$$;
--> statement-breakpoint
CREATE FUNCTION utility_pole_assign(workspace text, lat float8, lon float8, radius float8,
  heading float8 DEFAULT NULL, half_view float8 DEFAULT NULL) RETURNS uuid
LANGUAGE plpgsql AS $$
DECLARE
  band float8 := radius / 111194.9 + 1e-9;
  near_count int := 0;
  best uuid;
  best_across float8;
  runner_across float8;
  off float8;
  across float8;
  r record;
BEGIN
  FOR r IN SELECT * FROM utility_pole_register_near(workspace, lat, lon, 50) LOOP
    near_count := near_count + 1;
    IF heading IS NULL OR half_view IS NULL THEN
      IF r.distance_m <= 25 THEN
        -- Two register poles within reach and no bearing to choose: the member is asked.
        IF best IS NOT NULL THEN RETURN NULL; END IF;
        best := r.id;
      END IF;
    ELSIF r.distance_m <= 30 THEN
      -- The angle between the bearing and the pole, 0-180°.
      off := abs(mod((r.bearing_deg - heading + 540)::numeric, 360)::float8 - 180);
      IF r.distance_m <= 3 OR off <= half_view THEN
        across := CASE WHEN r.distance_m <= 3 THEN 0 ELSE r.distance_m * sin(radians(off)) END;
        IF best IS NULL OR across < best_across THEN
          runner_across := best_across;
          best := r.id;
          best_across := across;
        ELSIF runner_across IS NULL OR across < runner_across THEN
          runner_across := across;
        END IF;
      END IF;
    END IF;
  END LOOP;
  IF best IS NOT NULL THEN
    -- Two poles about as near the line of sight: one compass error apart, so the member is asked.
    IF runner_across IS NOT NULL AND runner_across - best_across < 2 THEN RETURN NULL; END IF;
    RETURN best;
  END IF;
  -- The register stands near but no pole of it is the photo's: asked, not a pole of its own.
  IF near_count > 0 THEN RETURN NULL; END IF;
  SELECT p.id INTO best FROM utility_poles p
  WHERE p.workspace_id = workspace AND p.latitude BETWEEN lat - band AND lat + band
    AND utility_pole_distance(p.latitude, p.longitude, lat, lon) <= radius
  ORDER BY utility_pole_distance(p.latitude, p.longitude, lat, lon), p.created_at, p.id
  LIMIT 1;
  IF best IS NULL THEN
    INSERT INTO utility_poles (workspace_id, latitude, longitude) VALUES (workspace, lat, lon) RETURNING id INTO best;
  END IF;
  RETURN best;
END $$;
