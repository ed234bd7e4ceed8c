-- Issue 37: several servers must share the VAPID keys; a process with others had every push it took
-- refused by the push services, silently. Each browser's subscription now records the public key it
-- was made for, so that a process started with another key says so (server/features/push/push.settings.ts).
-- Null for the subscriptions made before.
alter table push_subscriptions add column vapid_public_key text;
