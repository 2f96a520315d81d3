/**
 * Who a bank or card statement line paid, as one key: the import suggests for a line the category
 * the family used most for the same key (docs/product.md#csv-import). The same store writes
 * itself many ways ("CARREFOUR LJ 123 SAO PAULO BR", "Carrefour Lj 987", "PAG*CARREFOUR"), so
 * the key keeps the payee's words and drops what varies: case, accents, the acquirer's or
 * wallet's prefix, store and terminal numbers, dates and times, the company's legal suffix and
 * the city or state the terminal writes at the end. A PIX to a person keeps "pix" and the first
 * name, which is what every bank writes of them.
 *
 * The SQL reads the same key with payee_key() (src/server/db/functions/payees.sql), step by step
 * the same regular expressions; db/payee-key.api.test.ts holds the two to each case of
 * domain/testing/payee-cases.ts. Every expression below is written so that PostgreSQL's and
 * JavaScript's engines find the same match: anchored, or delimited by spaces, never an
 * alternation whose longest and first matches differ.
 */

/** Acquirers and wallets that write themselves before the store's name, then a star. */
const ACQUIRERS =
  "pag|pags|pagseguro|ps|mp|mercadopago|mercpago|pg|ebn|paypal|sumup|stone|cielo|getnet|pagarme|picpay|ton|infinitepay|zp|ec";

/** The 27 states' codes and the country, as terminals write them after the city. */
const PLACES = [
  "ac|al|ap|am|ba|ce|df|es|go|ma|mt|ms|mg|pa|pb|pr|pe|pi|rj|rn|rs|ro|rr|sc|sp|se|to",
  "br|bra|brasil|brazil",
  // The largest cities, and the cut-off spellings of the long ones a terminal's 13 letters leave.
  "sao paulo|sao paul|s paulo|rio de jan[a-z]*|belo horiz[a-z]*|brasilia|salvador|fortaleza",
  "curitiba|manaus|recife|porto alegre|porto alegr|belem|goiania|guarulhos|campinas|sao luis",
  "sao goncalo|maceio|duque de caxias|teresina|sao bernardo do c[a-z]*|sao bernardo|nova iguacu|joao pessoa",
  "santo andre|osasco|sao jose dos c[a-z]*|ribeirao preto|ribeirao pret|uberlandia|sorocaba",
  "aracaju|cuiaba|joinville|juiz de fora|londrina|niteroi|florianopolis|florianopoli|barueri",
  "jundiai|campo grande|porto velho|vila velha|macapa|caxias do sul|rio branco|boa vista|palmas",
  // A company's legal form, and a terminal's words for a branch left after its number went.
  "ltda|me|eireli|epp|s a|sa|cia|com|ind|comercio|lj|loja|filial|fl",
].join("|");

/**
 * The steps, in order: each a regular expression (flag g) and its replacement, over the text
 * folded and padded with a space at each end. `$1` is PostgreSQL's `\1`.
 */
const STEPS: readonly [RegExp, string][] = [
  // Everything but letters, digits and the marks the next steps read becomes one space.
  [/[^a-z0-9*./:]+/g, " "],
  // Web addresses: NETFLIX.COM, AMAZON.COM.BR, WWW.X.COM.
  [/ www\./g, " "],
  [/\.com(\.br)?(?= )/g, " "],
  // An acquirer's or a wallet's prefix: the store follows it (PAG*, MP*, PAYPAL *).
  [new RegExp(`^ (${ACQUIRERS}) ?\\* ?`, "g"), " "],
  // Platforms whose lines name the platform, whatever comes after: the delivery's restaurant,
  // the ride's city (iFood writes IFD*), 99's app, the marketplaces.
  [/^ (ifd|ifood) ?\*.*$/g, " ifood "],
  [/^ uber ?\*? ?eats.*$/g, " uber eats "],
  [/^ uber( ?\*.*| trip.*| do brasil.*)?$/g, " uber "],
  [/^ 99( ?\*| ?app| ?pop| ?taxis?| tecnologia).*$/g, " 99 "],
  [/^ (rappi|mercadolivre|shopee) ?\*.*$/g, " $1 "],
  // Installments (PARC 03/10), dates (12/03, 12/03/2024) and times (10:32), wherever they are.
  [/ parc(ela)? ?[0-9]{1,2} ?\/ ?[0-9]{1,2}(?= )/g, ""],
  [/ [0-9]{1,2}\/[0-9]{1,2}(\/[0-9]{2,4})?(?= )/g, ""],
  [/ [0-9]{1,2}:[0-9]{2}(:[0-9]{2})?(?= )/g, ""],
  // What is left of the marks (S/A, S.A., a star, a dot), and the spaces, as one space.
  [/[*./: ]+/g, " "],
  // A store's or terminal's number: LJ 123, FL 02, N 45, and any word with a digit after the first.
  [/ (lj|loja|fl|filial|unid|un|n|no|nro) ?[0-9]+(?= )/g, ""],
  [/(?<=[^ ]) [a-z]*[0-9][a-z0-9]*(?= )/g, ""],
  // A first word with its store's number stuck to it: DROGASIL1234, CARREFOUR045.
  [/^ ([a-z]+)[0-9]{3,}(?= )/g, " $1"],
  // A PIX: its bank's words for it, then the person's first name alone.
  [
    /^ ((transf|transferencia|pagamento|pgto|pag|envio) )?pix( (transf|transferencia|enviado|enviada|env|pagamento|pgto|pag|qrs|qr|code|para|p|de|a))* /g,
    " pix ",
  ],
  [/^ pix ([a-z]+) .*$/g, " pix $1 "],
  // The place and the legal form at the end, any number of them, never the first word.
  [new RegExp(`(?<=[^ ])( (${PLACES}))+ $`, "g"), " "],
];

/** The text without accents (NFD, marks dropped), its ASCII letters in lower case. */
const folded = (description: string) =>
  description
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[A-Z]+/g, (letters) => letters.toLowerCase());

/** The payee key of a statement line's description (the top of this file). */
export function payeeKey(description: string): string {
  let text = ` ${folded(description)} `;
  for (const [pattern, replacement] of STEPS) text = text.replace(pattern, replacement);
  const key = text.replace(/[^a-z0-9]+/g, " ").trim();
  // A description of nothing but numbers or places is its own key.
  return key === ""
    ? folded(description)
        .replace(/[^a-z0-9]+/g, " ")
        .trim()
    : key;
}
