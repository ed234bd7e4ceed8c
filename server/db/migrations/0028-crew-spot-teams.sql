-- A crew spot needs a team riders join by request or invitation (issue 37): anyone may join an open
-- team at once and would see its crew spots. A team already keeping crew spots is made private, so
-- they stay with the riders who were let in; its leader can open it again once no crew spot is left.
update teams set is_private = true
 where not is_private
   and exists (select 1 from places p where p.team_id = teams.id and p.visibility = 'crew');
