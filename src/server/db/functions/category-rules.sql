-- Whether a category rule matches a description (docs/product.md#category-rules). The one home
-- of the rule: an import's preview, the quick add's suggestion, a rule's test and its application
-- to past expenses all call it (src/server/categorising/rules-sql.ts).
--
-- "contains" and "starts with" compare folded texts: no accents, lower case, one space between
-- words, as the expenses' search_text (migration 0003) and the imports' duplicate check fold
-- them. They look at the folded description and at its payee key (payee_key, payees.sql), so
-- "Carrefour" starts 'PAG*CARREFOUR SAO PAULO' as its payee. "matches" is a regular expression
-- (PostgreSQL's), case-insensitive, over the folded description; accents are taken out of it, but
-- not its case (\D is not \d).

-- The rule's pattern as its kind compares it, computed once per rule rather than per line.
create or replace function category_rule_needle(kind text, pattern text) returns text
language sql immutable strict parallel safe
as $$
  select case when kind = 'matches'
    then regexp_replace(normalize(pattern, NFD), '[\u0300-\u036f]', '', 'g')
    else lower(regexp_replace(regexp_replace(normalize(pattern, NFD), '[\u0300-\u036f]', '', 'g'),
      '\s+', ' ', 'g'))
  end
$$;

-- `folded` is the folded description, `payee` its payee key; `needle` is category_rule_needle's.
create or replace function category_rule_matches(kind text, needle text, folded text, payee text)
returns boolean
language sql immutable parallel safe
as $$
  select case kind
    when 'contains' then strpos(folded, needle) > 0 or strpos(coalesce(payee, ''), needle) > 0
    when 'startsWith' then starts_with(folded, needle) or starts_with(coalesce(payee, ''), needle)
    when 'matches' then folded ~* needle
    else false
  end
$$;
