// The import's suggested categories (docs/product.md#csv-import): how often the category a
// preview suggests for a line is the one the person gives it. A family of its own records three
// months of a labelled, generated statement (POST /api/imports, each line with its category),
// then previews the fourth month's statement (POST /api/imports/preview); the top-1 accuracy is
// the fourth month's lines whose suggestedCategoryId is their label, over all its lines (a payee
// the family never paid is a miss). Target >= 85%.
//
// The statement is a São Paulo family's card and account over four months: supermarkets,
// pharmacies, fuel, apps, subscriptions, utilities and phones, PIX to people, with each store
// written the ways terminals, acquirers and banks write it (store numbers, cities and states,
// "PAG*" and "MP*" prefixes, case, accents, dates), a few payees whose spellings no rule joins
// ("AMAZON MARKETPLACE" beside "AMAZON.COM.BR"), payees the family labels two ways (Amazon as
// shopping or for the house), and stores seen for the first time in any month. Deterministic (a
// seeded generator): every run previews the same lines.
// Standalone against a running server: `BENCH_URL=http://127.0.0.1:3000 node bench/categorise.mjs`.
import { availableParallelism, loadavg } from "node:os";

const TARGET = 0.85;
/** Each payee's lines a month, times this: ~135 lines a month, 540 over the four. */
const VOLUME = 1.6;
const YEAR = 2026;
const CATEGORIES = {
  market: "Mercado",
  pharmacy: "Farmácia",
  fuel: "Combustível",
  rides: "Transporte",
  delivery: "Delivery",
  food: "Restaurantes",
  subscriptions: "Assinaturas",
  house: "Casa",
  phone: "Telefone e internet",
  shopping: "Compras",
  health: "Saúde",
  kids: "Filhos",
  car: "Carro",
  leisure: "Lazer",
};

/** mulberry32: the same lines every run. */
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = generator(20260412);
const pick = (values) => values[Math.floor(random() * values.length)];
const int = (min, max) => min + Math.floor(random() * (max - min + 1));
const digits = (n) => String(int(10 ** (n - 1), 10 ** n - 1));
const pad = (n) => String(n).padStart(2, "0");
const city = () =>
  pick(["SAO PAULO", "SAO PAULO SP", "SAO PAULO BR", "S PAULO", "OSASCO SP", "SANTO ANDRE", ""]);
const cased = (text) => (random() < 0.25 ? text.replace(/\S+/g, capitalised) : text);
const capitalised = (word) => word.charAt(0) + word.slice(1).toLowerCase();
const dayMonth = (month) => `${pad(int(1, 28))}/${pad(month)}`;

/**
 * Each payee: its label (a category key, or [key, share of the first] for one the family labels
 * two ways), how many lines a month (a fraction: that chance of one), and its spellings.
 */
const PAYEES = [
  // Supermarkets.
  ["market", 5, () => cased(`CARREFOUR LJ ${digits(3)} ${city()}`)],
  [
    "market",
    2,
    () => pick([`Carrefour Lj ${digits(2)}`, `CARREFOUR${digits(3)}`, "PAG*CARREFOUR"]),
  ],
  [
    "market",
    4,
    () => pick([`PAO DE ACUCAR ${digits(4)} ${city()}`, `PÃO DE AÇÚCAR-LJ ${digits(4)}`]),
  ],
  [
    "market",
    2,
    () => pick([`ASSAI ATACADISTA LJ${digits(2)}`, `ASSAÍ ATACADISTA ${digits(3)} ${city()}`]),
  ],
  ["market", 1, () => pick([`ATACADAO S.A. ${digits(3)}`, `ATACADAO ${digits(3)} ${city()}`])],
  ["market", 1, () => `EXTRA HIPER ${digits(4)} ${city()}`],
  ["market", 0.6, () => "CARREFOUR HIPER"],
  ["market", 2, () => pick([`HORTIFRUTI SAO PAULO ${digits(2)}`, "MP*HORTIFRUTISAOPAULO"])],
  ["market", 2, () => pick([`DIA BRASIL ${digits(4)}`, `DIA ${digits(4)} SAO PAULO`])],
  // Pharmacies.
  ["pharmacy", 2, () => cased(`DROGASIL ${digits(4)} ${city()}`)],
  ["pharmacy", 1.5, () => pick(["RAIA DROGASIL S/A", `DROGARIA RAIA #${digits(4)}`])],
  [
    "pharmacy",
    1,
    () => pick([`DROGARIA SAO PAULO ${digits(3)}`, `Drogaria Sao Paulo ${digits(3)}`]),
  ],
  ["pharmacy", 0.5, () => `PAGUE MENOS ${digits(3)} ${city()}`],
  // Fuel.
  ["fuel", 2, () => pick([`POSTO SHELL ${digits(3)}`, `SHELL BOX *POSTO ${digits(2)}`])],
  ["fuel", 1.5, () => pick([`AUTO POSTO IPIRANGA LTDA ${city()}`, "AUTO POSTO IPIRANGA"])],
  ["fuel", 1, () => `POSTO BR MANIA ${digits(4)} ${city()}`],
  // Rides and deliveries.
  [
    "rides",
    8,
    () => pick(["UBER *TRIP HELP.UBER.COM", "UBER   *TRIP", "UBER *TRIP", "Uber *Trip"]),
  ],
  ["rides", 4, (m) => pick(["99APP *99APP", `99 POP ${dayMonth(m)}`, "99*POP"])],
  [
    "delivery",
    6,
    () =>
      `IFD*${pick(["BURGER KING", "HABIBS", "PIZZARIA BRAZ", "SUBWAY", "CHINA IN BOX", "OUTBACK"])}`,
  ],
  ["delivery", 2, () => pick(["UBER* EATS", "UBER *EATS PENDING"])],
  ["delivery", 1.5, () => pick(["RAPPI*RAPPI BRASIL", "RAPPI BRASIL"])],
  // Restaurants and the bakery, in person.
  ["food", 4, () => cased(`PADARIA REAL ${city()}`)],
  ["food", 1, () => `OUTBACK STEAKHOUSE ${digits(3)} ${city()}`],
  ["food", 1, () => pick([`PAG*RESTAURANTEDONALUCIA`, "RESTAURANTE DONA LUCIA"])],
  // Subscriptions.
  ["subscriptions", 1, () => "NETFLIX.COM"],
  ["subscriptions", 1, () => pick(["EBN*SPOTIFY", `SPOTIFY P${digits(9)}`, "PAYPAL *SPOTIFY"])],
  ["subscriptions", 1, () => "AMAZONPRIME BR"],
  ["subscriptions", 1, () => "GLOBOPLAY"],
  // Utilities and phones.
  ["house", 1, () => pick(["ENEL SP", "ENEL SAO PAULO"])],
  ["house", 1, (m) => `SABESP ${dayMonth(m)}`],
  ["house", 1, () => pick(["COMGÁS", "COMGAS SAO PAULO SP"])],
  ["phone", 1, () => pick(["CLARO S.A.", "CLARO SA"])],
  ["phone", 1, () => `VIVO FIXO ${digits(11)}`],
  ["phone", 1, () => "TIM S A"],
  // Shopping: Amazon the family labels two ways; a spelling no rule joins.
  [["shopping", 0.7, "house"], 2, () => pick(["AMAZON.COM.BR", "WWW.AMAZON.COM.BR SAO PAULO"])],
  ["shopping", 0.5, () => "AMAZON MARKETPLACE"],
  [
    ["shopping", 0.6, "house"],
    2,
    () => `MERCADOLIVRE*${pick(["VENDEDOR", "LOJAOFICIAL", "ELETRO"])}${digits(3)}`,
  ],
  ["shopping", 0.5, () => `MAGAZINE LUIZA PARC ${pad(int(1, 3))}/10`],
  // PIX to people: the cleaner, the trainer, the nanny, the mechanic.
  [
    "house",
    4,
    (m) =>
      pick([`PIX TRANSF MARIA ${dayMonth(m)}`, "PIX ENVIADO MARIA SOUZA", "TRANSF PIX MARIA S"]),
  ],
  ["health", 2, () => pick(["PIX ENVIADO JOAO DA SILVA", "Pix enviado - Joao Silva"])],
  ["kids", 2, (m) => pick([`PIX TRANSF ANA ${dayMonth(m)}`, "PIX ENVIADO ANA PAULA LIMA"])],
  ["car", 0.4, () => "PIX ENVIADO CARLOS MECANICO"],
  ["health", 1, () => `LAB FLEURY ${digits(3)} ${city()}`],
  ["leisure", 1, () => pick([`CINEMARK ${digits(3)} ${city()}`, "INGRESSO.COM"])],
];

/** Stores the family meets once: each month brings a few no history can know. */
const ONE_OFFS = [
  ["shopping", "LOJAS RENNER"],
  ["house", "LEROY MERLIN"],
  ["leisure", "PARQUE IBIRAPUERA ESTAC"],
  ["shopping", "DECATHLON"],
  ["food", "COCO BAMBU"],
  ["kids", "RI HAPPY BRINQUEDOS"],
  ["shopping", "C&A MODAS"],
  ["house", "TOK STOK"],
  ["health", "PIX ENVIADO DRA PATRICIA"],
  ["car", "ESTAPAR ESTACIONAMENTO"],
  ["leisure", "TEATRO RENAULT"],
  ["food", "MADERO CONTAINER"],
];

/** Month `m`'s lines, each with its date, description, amount and label. */
function monthLines(m) {
  const lines = [];
  const add = (label, description) => {
    const amount = `${int(5, 400)}.${pad(int(0, 99))}`;
    lines.push({ date: `${YEAR}-${pad(m)}-${pad(int(1, 28))}`, description, amount, label });
  };
  for (const [label, perMonth, spelling] of PAYEES) {
    const expected = perMonth * VOLUME;
    const count = Math.floor(expected) + (random() < expected % 1 ? 1 : 0);
    for (let i = 0; i < count; i++) {
      const chosen = Array.isArray(label) ? (random() < label[1] ? label[0] : label[2]) : label;
      add(chosen, spelling(m));
    }
  }
  for (let i = 0; i < 3; i++) {
    const [label, store] = ONE_OFFS[(m - 1) * 3 + i];
    add(label, `${store} ${digits(3)}`);
  }
  return lines.sort((a, b) => a.date.localeCompare(b.date));
}

async function call(base, cookie, method, path, body, headers = {}) {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      cookie,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (res.status >= 300) {
    throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  }
  return { json, ms: performance.now() - started, cookie: res.headers.get("set-cookie") };
}

/** A family of its own: the suggestions learn from this family's history alone. */
async function newFamily(base) {
  const account = {
    email: `bench-categorise-${Date.now()}@example.org`,
    password: "correct horse",
  };
  await call(base, "", "POST", "/api/auth/register", {
    ...account,
    name: "Bench",
    preferredLanguage: "pt",
  });
  const login = await call(base, "", "POST", "/api/auth/login", account);
  const cookie = (login.cookie ?? "").split(";")[0];
  await call(base, cookie, "POST", "/api/family", { name: "Família Bench" });
  return cookie;
}

const csvOf = (lines) =>
  Buffer.from(
    [
      "Data;Histórico;Valor",
      ...lines.map(
        (l) =>
          `${l.date.slice(8)}/${l.date.slice(5, 7)}/${YEAR};${l.description};-${l.amount.replace(".", ",")}`,
      ),
    ].join("\r\n"),
    "utf8",
  ).toString("base64");

export async function measureCategorise(base, label) {
  const load = loadavg()[0];
  const cookie = await newFamily(base);
  const categoryIds = {};
  for (const [key, name] of Object.entries(CATEGORIES)) {
    const { json } = await call(base, cookie, "POST", "/api/categories", {
      name,
      icon: "tag",
      color: "#3b82f6",
      weeklyBudget: "0",
      monthlyBudget: "0",
    });
    categoryIds[key] = json.id;
  }
  const months = [1, 2, 3, 4].map(monthLines);
  const history = months.slice(0, 3).flat();
  const next = months[3];
  // The three months, recorded as the person would have: each line with its category.
  await call(
    base,
    cookie,
    "POST",
    "/api/imports",
    {
      fileName: "historico.csv",
      lines: history.map((l) => ({
        date: l.date,
        description: l.description,
        amount: l.amount,
        categoryId: categoryIds[l.label],
      })),
    },
    { "idempotency-key": `bench-categorise-${Date.now()}` },
  );
  const { json: preview, ms } = await call(base, cookie, "POST", "/api/imports/preview", {
    fileName: "abril.csv",
    contentBase64: csvOf(next),
  });
  if (preview.lines.length !== next.length) {
    throw new Error(`previewed ${preview.lines.length} of ${next.length} lines`);
  }
  let right = 0;
  let none = 0;
  next.forEach((line, i) => {
    const suggested = preview.lines[i].suggestedCategoryId;
    if (suggested === null) none++;
    else if (suggested === categoryIds[line.label]) right++;
  });
  const accuracy = right / next.length;
  const total = months.flat().length;
  const fmt = (n, digits = 1) => n.toFixed(digits);
  const row =
    `| Suggested categories, top-1: month 4 of ${total} labelled lines (bench/categorise.mjs), ` +
    `learning from months 1-3 (${history.length} lines) | >= ${fmt(TARGET * 100, 0)}% | ` +
    `${fmt(accuracy * 100)}% (${right} of ${next.length}; ${none} with no suggestion, ` +
    `${next.length - right - none} wrong); preview ${fmt(ms, 0)} ms | ` +
    `${accuracy >= TARGET ? "met" : "**missed**"} |`;
  const report =
    `\n### ${label}: suggested categories\n\n` +
    `Load average (1 min, ${availableParallelism()} CPUs): ${fmt(load)} before, ${fmt(loadavg()[0])} after.\n\n` +
    `| figure | target | this run | |\n|---|---|---|---|\n${row}\n`;
  console.log(report);
  return { accuracy, right, none, lines: next.length, total, previewMs: ms, report };
}

// Standalone: a family of its own on the server at BENCH_URL.
if (import.meta.url === `file://${process.argv[1]}`) {
  await measureCategorise(process.env.BENCH_URL ?? "http://127.0.0.1:3000", "standalone");
}
