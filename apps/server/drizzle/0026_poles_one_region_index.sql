-- Every imported pole was written into two indexes that both begin with the workspace and the
-- region: (…, risk) and (…, last_inspected_on). Nothing searches the poles by risk (the regions'
-- counts by condition are kept in utility_pole_region_risk, and a recount reads a region's poles
-- by the region alone), so the region searches (a region's markers, the inspection counts, a
-- recount) are served by the second one, and the first one only cost each insert its upkeep.
DROP INDEX poles_user_region_idx;
