-- The unit of distance a person chose in Settings (Distance unit): mileages are shown to them in it.
-- None: the market's (DISTANCE_UNIT), which an operator may change without touching anyone's choice.
alter table users
  add column distance_unit text constraint users_distance_unit_check check (distance_unit in ('km', 'mi'));
