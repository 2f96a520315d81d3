import { type ClassValue, clsx } from "clsx";

type Merge = (classes: string) => string;
let merge: Merge | undefined;
let loading: Promise<void> | undefined;

/**
 * tailwind-merge (9 KB gzip, most of it its table of Tailwind's classes) is a chunk of its own,
 * loaded with the language's app texts before any screen but the landing page renders
 * (routes/registry.tsx's withAppTexts): the landing page's budget
 * (docs/internals/web.md#what-the-landing-page-loads) has no room for it, and the landing page
 * passes no conflicting classes (utils.test.tsx renders it and checks every class list).
 */
export function loadClassMerge(): Promise<void> {
  loading ??= import("tailwind-merge").then(
    ({ twMerge }) => {
      merge = twMerge;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Joins class names and lets a later Tailwind class override an earlier conflicting one (once
 * loadClassMerge has resolved; before, on the landing page, it only joins them).
 */
export function cn(...inputs: ClassValue[]) {
  const classes = clsx(inputs);
  return merge ? merge(classes) : classes;
}
