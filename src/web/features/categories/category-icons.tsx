import {
  Baby,
  Bus,
  Car,
  Gift,
  GraduationCap,
  Heart,
  House,
  type LucideIcon,
  PawPrint,
  PiggyBank,
  Plane,
  Shirt,
  ShoppingCart,
  Smile,
  Tag,
  Utensils,
  Zap,
} from "lucide-react";

/**
 * The icons a category can be given from the form, by the name stored with it. The starter
 * categories use utensils, car, home, smile and heart; "tag" is the default.
 */
export const categoryIcons: Record<string, LucideIcon> = {
  tag: Tag,
  "shopping-cart": ShoppingCart,
  utensils: Utensils,
  car: Car,
  bus: Bus,
  home: House,
  zap: Zap,
  heart: Heart,
  smile: Smile,
  "graduation-cap": GraduationCap,
  shirt: Shirt,
  plane: Plane,
  gift: Gift,
  baby: Baby,
  "paw-print": PawPrint,
  "piggy-bank": PiggyBank,
};

export const categoryIconNames = Object.keys(categoryIcons);

/** A name saved through the API may be one the form does not offer: it still gets an icon. */
export function CategoryIcon({ name, className }: { name: string; className?: string }) {
  const Icon = categoryIcons[name] ?? Tag;
  return <Icon aria-hidden="true" className={className} />;
}
