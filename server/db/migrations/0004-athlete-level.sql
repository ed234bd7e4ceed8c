-- Set by each person on their own profile; null means not set. Shown on athlete cards.
alter table profiles add column athlete_level text check (athlete_level in ('professional', 'amateur'));
