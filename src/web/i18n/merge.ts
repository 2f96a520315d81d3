export type Catalogue = { [key: string]: string | Catalogue };

/**
 * Deep merge where `later` wins: a namespace's parts loaded one after the other (the shared
 * texts' frame and app parts, i18n/init.ts) give the texts of one catalogue.
 */
export function mergeCatalogues(earlier: Catalogue, later: Catalogue): Catalogue {
  const merged: Catalogue = { ...earlier };
  for (const [key, value] of Object.entries(later)) {
    const existing = merged[key];
    merged[key] =
      typeof value === "object" && typeof existing === "object"
        ? mergeCatalogues(existing, value)
        : value;
  }
  return merged;
}
