-- The cars listed before places (issue 48) are placed from their Location by a job
-- (modules/places/jobs.ts): the ZIP gazetteer is a package a migration cannot read. Enqueued here so
-- that it runs once, whichever process migrates. A database new enough to be migrating its first
-- time has no job runner's schema yet, and no car to place.
do $$
begin
  if to_regnamespace('graphile_worker') is not null then
    perform graphile_worker.add_job('place_listed_cars', '{}'::json, job_key := 'place-listed-cars');
  end if;
end
$$;
