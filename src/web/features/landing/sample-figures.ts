import type { Language } from "../../../contract/common";

/**
 * The sample card's month and amounts as the app's formatters write them (lib/format.ts's
 * monthName and formatMoney; sample-figures.test.ts holds every one to them). Written out because
 * the figures never change, and the first Intl formatter a page builds loads the locale's data:
 * on the landing page that was ~130 ms of a phone's CPU (Lighthouse's 4x slowdown) in the long
 * task that hydrates it, for a card a phone does not even show (docs/benchmarks.md#the-phone-landing-page).
 */
/**
 * The amounts in US dollars, as en-US and es-US both write them (contract/locale.ts: Spanish
 * budgets in dollars with the same "$1,234.56").
 */
const dollars = {
  "1940.50": "$1,940.50",
  "3200.00": "$3,200.00",
  "1259.50": "$1,259.50",
  "780.20": "$780.20",
  "612.40": "$612.40",
  "547.90": "$547.90",
  "800.00": "$800.00",
  "820.00": "$820.00",
  "1200.00": "$1,200.00",
  "545.00": "$545.00",
  "1250.00": "$1,250.00",
  "310.50": "$310.50",
  "350.00": "$350.00",
  "265.00": "$265.00",
  "400.00": "$400.00",
} as const;

export const sampleFigures = {
  en: {
    month: "March",
    money: dollars,
  },
  pt: {
    month: "Março",
    money: {
      "1940.50": "R$\u00a01.940,50",
      "3200.00": "R$\u00a03.200,00",
      "1259.50": "R$\u00a01.259,50",
      "780.20": "R$\u00a0780,20",
      "612.40": "R$\u00a0612,40",
      "547.90": "R$\u00a0547,90",
      "800.00": "R$\u00a0800,00",
      "820.00": "R$\u00a0820,00",
      "1200.00": "R$\u00a01.200,00",
      "545.00": "R$\u00a0545,00",
      "1250.00": "R$\u00a01.250,00",
      "310.50": "R$\u00a0310,50",
      "350.00": "R$\u00a0350,00",
      "265.00": "R$\u00a0265,00",
      "400.00": "R$\u00a0400,00",
    },
  },
  es: {
    month: "Marzo",
    money: dollars,
  },
} as const satisfies Record<Language, { month: string; money: Record<string, string> }>;

export type SampleAmount = keyof (typeof sampleFigures)["en"]["money"];
