-- Nearby spots (GET /api/places/:id/nearby) look in a box around a place among the approved places of
-- its discipline: with the latitude in the index, the box is an index range however many places there are.
create index places_nearby_idx on places (discipline_id, latitude, longitude) where status = 'approved';
