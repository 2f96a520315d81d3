export type Catalogue = { [key: string]: string | Catalogue };

/** Deep merge where `web` wins; the server's messages share one namespace with the UI's texts. */
export function mergeCatalogues(server: Catalogue, web: Catalogue): Catalogue {
  const merged: Catalogue = { ...server };
  for (const [key, value] of Object.entries(web)) {
    const existing = merged[key];
    merged[key] =
      typeof value === "object" && typeof existing === "object"
        ? mergeCatalogues(existing, value)
        : value;
  }
  return merged;
}

/** The server's messages, then the web's shared texts, then each feature's (features/<area>/locales). */
export function mergeAll(server: Catalogue, web: Catalogue, features: Record<string, Catalogue>) {
  let merged = mergeCatalogues(server, web);
  for (const catalogue of Object.values(features)) merged = mergeCatalogues(merged, catalogue);
  return merged;
}
