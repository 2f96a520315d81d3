import { fromCents, toCents } from "../../../contract/cents";
import type { Language } from "../../../contract/common";
import { weeklyBudgetOf } from "../../../domain/budget";

/**
 * What a new family starts with (docs/product.md#creating-a-family): a few categories named in the
 * creator's language, each weekly budget a quarter of the monthly one by the dashboard's own rule
 * (weeklyBudgetOf), and example expenses in the current month flagged isExample so the dashboard
 * has something to show until "Limpar dados de exemplo" removes them.
 */

type StarterCategory = { key: string; icon: string; color: string; monthlyBudget: string };

const starterCategories: StarterCategory[] = [
  { key: "food", icon: "utensils", color: "#16a34a", monthlyBudget: "800.00" },
  { key: "transport", icon: "car", color: "#2563eb", monthlyBudget: "400.00" },
  { key: "home", icon: "home", color: "#9333ea", monthlyBudget: "1200.00" },
  { key: "leisure", icon: "smile", color: "#ea580c", monthlyBudget: "300.00" },
  { key: "health", icon: "heart", color: "#dc2626", monthlyBudget: "200.00" },
];

const categoryNames: Record<Language, Record<string, string>> = {
  en: {
    food: "Groceries",
    transport: "Transport",
    home: "Home",
    leisure: "Leisure",
    health: "Health",
  },
  pt: {
    food: "Alimentação",
    transport: "Transporte",
    home: "Moradia",
    leisure: "Lazer",
    health: "Saúde",
  },
  es: {
    food: "Alimentación",
    transport: "Transporte",
    home: "Hogar",
    leisure: "Ocio",
    health: "Salud",
  },
};

const exampleExpenses: {
  category: string;
  amount: string;
  day: number;
  description: Record<Language, string>;
}[] = [
  {
    category: "food",
    amount: "85.40",
    day: 1,
    description: {
      en: "Supermarket (example)",
      pt: "Supermercado (exemplo)",
      es: "Supermercado (ejemplo)",
    },
  },
  {
    category: "transport",
    amount: "120.00",
    day: 2,
    description: { en: "Fuel (example)", pt: "Combustível (exemplo)", es: "Combustible (ejemplo)" },
  },
  {
    category: "leisure",
    amount: "45.00",
    day: 3,
    description: { en: "Cinema (example)", pt: "Cinema (exemplo)", es: "Cine (ejemplo)" },
  },
];

export function starterCategoriesFor(language: Language) {
  return starterCategories.map((category) => ({
    key: category.key,
    name: categoryNames[language][category.key] ?? category.key,
    icon: category.icon,
    color: category.color,
    monthlyBudget: category.monthlyBudget,
    weeklyBudget: fromCents(weeklyBudgetOf(toCents(category.monthlyBudget))),
  }));
}

/** Example expenses dated in the month of `today` (a calendar date), never after today. */
export function exampleExpensesFor(language: Language, today: string) {
  const [year, month, day] = today.split("-");
  const todayDay = Number(day);
  return exampleExpenses.map((example) => ({
    categoryKey: example.category,
    description: example.description[language],
    amount: example.amount,
    date: `${year}-${month}-${String(Math.min(example.day, todayDay)).padStart(2, "0")}`,
  }));
}
