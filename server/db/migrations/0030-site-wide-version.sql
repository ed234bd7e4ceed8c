-- Issue 38: what every page shows of the site (its settings, the categories and their disciplines)
-- is kept by each server process and handed to page after page; this number tells it, in one small
-- read, whether anything of it changed since, on any process (server/lib/reads.ts `siteWide`).
create table site_wide_version (
  id boolean primary key default true check (id),
  version bigint not null default 0
);
insert into site_wide_version (id, version) values (true, 0);

create function bump_site_wide_version() returns trigger language plpgsql as $$
begin
  update site_wide_version set version = version + 1;
  return null;
end;
$$;

create trigger site_settings_site_wide after insert or update or delete or truncate on site_settings
  for each statement execute function bump_site_wide_version();
create trigger categories_site_wide after insert or update or delete or truncate on categories
  for each statement execute function bump_site_wide_version();
create trigger disciplines_site_wide after insert or update or delete or truncate on disciplines
  for each statement execute function bump_site_wide_version();
create trigger discipline_categories_site_wide after insert or update or delete or truncate on discipline_categories
  for each statement execute function bump_site_wide_version();
