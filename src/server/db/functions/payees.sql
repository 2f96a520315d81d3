-- A statement line's payee key (docs/product.md#csv-import): the import suggests for a line the
-- category the family used most for the same key. The rule and its reasons are
-- src/domain/payee.ts's payeeKey; this is the same steps, in the same order, with the same
-- regular expressions (\1 where JavaScript writes $1), and db/payee-key.api.test.ts holds the
-- two to every case of src/domain/testing/payee-cases.ts.
--
-- Accents go with normalize(NFD) and the combining marks, as the expenses' search_text does
-- (migration 0003): no unaccent extension. Only ASCII letters survive the first step, so lower()
-- gives what JavaScript's lower case of A-Z does, whatever the database's locale.
--
-- plpgsql for the one variable each step rewrites; IMMUTABLE, so an expression index could hold
-- it one day (docs/benchmarks.md measures the preview's statement without one).
create or replace function payee_key(description text) returns text
language plpgsql immutable strict parallel safe
as $$
declare
  places constant text :=
    'ac|al|ap|am|ba|ce|df|es|go|ma|mt|ms|mg|pa|pb|pr|pe|pi|rj|rn|rs|ro|rr|sc|sp|se|to'
    || '|br|bra|brasil|brazil'
    || '|sao paulo|sao paul|s paulo|rio de jan[a-z]*|belo horiz[a-z]*|brasilia|salvador|fortaleza'
    || '|curitiba|manaus|recife|porto alegre|porto alegr|belem|goiania|guarulhos|campinas|sao luis'
    || '|sao goncalo|maceio|duque de caxias|teresina|sao bernardo do c[a-z]*|sao bernardo|nova iguacu|joao pessoa'
    || '|santo andre|osasco|sao jose dos c[a-z]*|ribeirao preto|ribeirao pret|uberlandia|sorocaba'
    || '|aracaju|cuiaba|joinville|juiz de fora|londrina|niteroi|florianopolis|florianopoli|barueri'
    || '|jundiai|campo grande|porto velho|vila velha|macapa|caxias do sul|rio branco|boa vista|palmas'
    || '|ltda|me|eireli|epp|s a|sa|cia|com|ind|comercio|lj|loja|filial|fl';
  folded text := lower(regexp_replace(normalize(description, NFD), '[\u0300-\u036f]', '', 'g'));
  t text := ' ' || folded || ' ';
  key text;
  stripped text;
  -- The last word of each place above (those cut short end in jan..., horiz..., c...).
  place_ends constant text[] := string_to_array(
    'ac al ap am ba ce df es go ma mt ms mg pa pb pr pe pi rj rn rs ro rr sc sp se to'
    || ' br bra brasil brazil paulo paul salvador fortaleza brasilia recife manaus alegre alegr'
    || ' belem goiania guarulhos luis goncalo maceio caxias teresina bernardo iguacu pessoa'
    || ' andre osasco preto pret uberlandia sorocaba aracaju joinville fora londrina niteroi'
    || ' florianopolis florianopoli barueri jundiai grande velho velha macapa sul branco vista'
    || ' palmas ltda me eireli epp a sa ind lj loja filial fl', ' ');
begin
  t := regexp_replace(t, '[^a-z0-9*./:]+', ' ', 'g');
  t := regexp_replace(t, ' www\.', ' ', 'g');
  t := regexp_replace(t, '\.com(\.br)?(?= )', ' ', 'g');
  t := regexp_replace(t, '^ (pag|pags|pagseguro|ps|mp|mercadopago|mercpago|pg|ebn|paypal|sumup|stone|cielo|getnet|pagarme|picpay|ton|infinitepay|zp|ec) ?\* ?', ' ', 'g');
  t := regexp_replace(t, '^ (ifd|ifood) ?\*.*$', ' ifood ', 'g');
  t := regexp_replace(t, '^ uber ?\*? ?eats.*$', ' uber eats ', 'g');
  t := regexp_replace(t, '^ uber( ?\*.*| trip.*| do brasil.*)?$', ' uber ', 'g');
  t := regexp_replace(t, '^ 99( ?\*| ?app| ?pop| ?taxis?| tecnologia).*$', ' 99 ', 'g');
  t := regexp_replace(t, '^ (rappi|mercadolivre|shopee) ?\*.*$', ' \1 ', 'g');
  t := regexp_replace(t, ' parc(ela)? ?[0-9]{1,2} ?/ ?[0-9]{1,2}(?= )', '', 'g');
  t := regexp_replace(t, ' [0-9]{1,2}/[0-9]{1,2}(/[0-9]{2,4})?(?= )', '', 'g');
  t := regexp_replace(t, ' [0-9]{1,2}:[0-9]{2}(:[0-9]{2})?(?= )', '', 'g');
  t := regexp_replace(t, '[*./: ]+', ' ', 'g');
  t := regexp_replace(t, ' (lj|loja|fl|filial|unid|un|n|no|nro) ?[0-9]+(?= )', '', 'g');
  t := regexp_replace(t, '(?<=[^ ]) [a-z]*[0-9][a-z0-9]*(?= )', '', 'g');
  t := regexp_replace(t, '^ ([a-z]+)[0-9]{3,}(?= )', ' \1', 'g');
  t := regexp_replace(t, '^ ((transf|transferencia|pagamento|pgto|pag|envio) )?pix( (transf|transferencia|enviado|enviada|env|pagamento|pgto|pag|qrs|qr|code|para|p|de|a))* ', ' pix ', 'g');
  t := regexp_replace(t, '^ pix ([a-z]+) .*$', ' pix \1 ', 'g');
  -- payeeKey's last step, '(?<=[^ ])( (places))+ $', as a loop of one place at a time: the
  -- same result, and PostgreSQL's engine takes ~80 us a line on the one expression (its
  -- lookbehind at every position), so the preview's 50,000 expenses would wait seconds
  -- (docs/benchmarks.md). A place is stripped only when its last word ends the text: the loop
  -- starts only then, and stops before it would strip the first word.
  loop
    exit when not (substring(t from ' ([a-z0-9]+) $') = any (place_ends)
      or substring(t from ' ([a-z0-9]+) $') ~ '^(jan|horiz|c)');
    stripped := regexp_replace(t, ' (' || places || ') $', ' ');
    exit when stripped = t or stripped = ' ';
    t := stripped;
  end loop;
  key := btrim(regexp_replace(t, '[^a-z0-9]+', ' ', 'g'));
  if key = '' then
    return btrim(regexp_replace(folded, '[^a-z0-9]+', ' ', 'g'));
  end if;
  return key;
end
$$;
