-- A UK phone number written with its trunk prefix after the country code, as many do ("+44 (0)7700
-- 900123", "0044 (0)20 7946 0958"), is the same number as "07700 900123": the customer's search keys
-- read it so, and so does a search string (src/store/customer-search-store.ts reads it with the
-- same function). Migration 018's function kept the 0 after 44, so such a number was stored as
-- p:4407700900123 and found by nothing a person would type (docs/behaviour.md, section 27).
--
-- Phones (p:, digits only, six at least) as dialled at home: a country code of 44 (written +44 or
-- 0044) becomes the trunk prefix 0, and a 0 written after it is that prefix, not a digit of the
-- number: +44 7700 900123, +44 (0)7700 900123, 0044 7700 900123 and 0044 (0)7700 900123 are all
-- 07700900123. Without + or 00, only a number of a UK number's length reads as one (447700900123,
-- 4407700900123); the emails (e:) and external_customer_id (x:) are read as before.
CREATE OR REPLACE FUNCTION customer_search_keys(people jsonb, external_id text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT array_remove(ARRAY(SELECT 'e:' || lower(e #>> '{}') FROM jsonb_path_query(people, '$[*].emails[*].email') AS e UNION SELECT 'p:' || CASE WHEN d LIKE '00440%' THEN '0' || substr(d, 6) WHEN d LIKE '0044%' THEN '0' || substr(d, 5) WHEN d LIKE '440%' AND length(d) = 13 THEN '0' || substr(d, 4) WHEN d LIKE '44%' AND length(d) = 12 THEN '0' || substr(d, 3) ELSE d END FROM (SELECT regexp_replace(p #>> '{}', '[^0-9]', '', 'g') AS d FROM jsonb_path_query(people, '$[*].phones[*].number') AS p) AS digits WHERE length(d) >= 6) || ('x:' || external_id), NULL) $$;

-- The stored keys of customers written before: recomputed (a stored generated column is written
-- again when its row is) where the function now reads them otherwise. One pass over the table.
UPDATE customers SET people = people WHERE search_keys IS DISTINCT FROM customer_search_keys(people, external_customer_id);
