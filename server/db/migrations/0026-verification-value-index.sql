-- Confirmation links are voided by their account (a new sign-up, a resent link, a confirmation):
-- found by `value`, the account's id, instead of a scan of every link. A scan also made a sign-up of
-- an address with an account take longer than one without (issue 37).
create index verifications_value_idx on verifications (value);
