-- Photos on places, events, reviews, articles, shops, sessions and condition reports (issue 20, item 5).
-- One table for the seven subjects: the gallery, the card's cover and the limit of 10 read one index range.
create table photos (
  id uuid primary key default gen_random_uuid(),
  subject_type text not null check (subject_type in ('place', 'event', 'review', 'article', 'shop', 'session', 'condition_report')),
  subject_id uuid not null,
  -- 0 is the cover (the card's picture); the gallery shows them in this order.
  position smallint not null check (position between 0 and 99),
  -- Empty: the item's name is the alt text.
  alt text not null default '' check (char_length(alt) <= 200),
  -- The WebP files by their width in pixels, {"400": url, "800": url, "1600": url}: the srcset.
  variants jsonb not null,
  -- The largest variant's size, so that a page lays out before the picture arrives.
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  author_id text references profiles (id) on delete set null,
  created_at timestamptz not null default now()
);
create index photos_subject_idx on photos (subject_type, subject_id, position);

-- A photo goes with its item, whichever code deletes it (a section, an admin, a place taking its
-- reports and sessions along by cascade). The files are removed by the code that deletes
-- (server/lib/photos.ts deleteWithPhotos), which reads their addresses first.
create function delete_subject_photos() returns trigger language plpgsql as $$
begin
  delete from photos where subject_type = tg_argv[0] and subject_id = old.id;
  return old;
end $$;

create trigger places_photos after delete on places for each row execute function delete_subject_photos('place');
create trigger events_photos after delete on events for each row execute function delete_subject_photos('event');
create trigger reviews_photos after delete on reviews for each row execute function delete_subject_photos('review');
create trigger articles_photos after delete on articles for each row execute function delete_subject_photos('article');
create trigger shops_photos after delete on shops for each row execute function delete_subject_photos('shop');
create trigger ride_sessions_photos after delete on ride_sessions for each row execute function delete_subject_photos('session');
create trigger condition_reports_photos after delete on condition_reports for each row execute function delete_subject_photos('condition_report');
